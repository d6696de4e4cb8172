import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEFT_OUT, WORST_CASE_META } from '../../src/mcp';
import { toolNameOf } from '../../src/mcp/route-tools';
import { shapeKeys } from '../../src/schemas/schema-def';
import { type RouteDef, routeList } from '../../src/schemas';
import { creditsForRows } from '../../src/schemas/metering';
import { connect, type Session, textOf } from './harness';

/** What a model reads of the tool list: names, descriptions and schemas (annotations and _meta are for the client). */
const listTokens = (tools: readonly Record<string, unknown>[]) =>
  countTokens(
    JSON.stringify(tools.map(({ name, description, inputSchema, outputSchema }) => ({ name, description, inputSchema, outputSchema }))),
  );

const successOf = (route: RouteDef) => Object.values(route.responses)[0] as NonNullable<RouteDef['responses'][number]>;

describe('tools from the route table', () => {
  let s: Session;
  beforeAll(async () => {
    s = await connect();
  });
  afterAll(() => s.close());

  it('gives every route a tool in the toolsets that enable it, or lists it as deliberately left out with a reason', async () => {
    const all = await connect({ toolsets: { account: true, mutations: true } });
    const names = new Set((await all.client.listTools()).tools.map((t) => t.name));
    await all.close();
    const missing = routeList.filter((r) => !names.has(toolNameOf(r.id)) && !Object.hasOwn(LEFT_OUT, r.id)).map((r) => r.id);
    expect(missing).toEqual([]);
    for (const [id, reason] of Object.entries(LEFT_OUT)) {
      expect(names.has(toolNameOf(id)), id).toBe(false);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('offers one read-only tool per data route by default, its input from the route params and query, its output columns from the row schema', async () => {
    const { tools } = await s.client.listTools();
    for (const route of routeList.filter((r) => r.metering)) {
      const tool = tools.find((t) => t.name === toolNameOf(route.id));
      expect(tool, route.id).toBeDefined();
      if (tool === undefined) continue;
      const inputs = Object.keys(tool.inputSchema.properties ?? {});
      expect(inputs.filter((n) => n !== 'fields' && n !== 'limit')).toEqual(
        [...shapeKeys(route.params), ...shapeKeys(route.query)].filter((n) => n !== 'limit'),
      );
      const output = tool.outputSchema as { properties: Record<string, { items?: { properties?: object }; properties?: object }> };
      const success = successOf(route);
      const columns = output.properties['rows']?.items?.properties ?? output.properties['result']?.properties;
      expect(Object.keys(columns ?? {}), route.id).toEqual(shapeKeys(success));
      expect(tool.annotations?.readOnlyHint).toBe(true);
      // Metered: each call is charged again, so not idempotent (the MCP default, left out).
      expect(tool.annotations?.idempotentHint).toBeUndefined();
      expect(tool._meta?.[WORST_CASE_META]).toBe(route.metering?.envelope({}));
      expect(tool.description).toContain(`Worst case ${route.metering?.envelope({})} credits`);
    }
  });

  it('keeps the account toolset off by default, mutations behind a second flag, and --read-only over both', async () => {
    const names = async (options: Parameters<typeof connect>[0]) => {
      const session = await connect(options);
      const list = (await session.client.listTools()).tools;
      await session.close();
      return list;
    };
    const byDefault = (await names({})).map((t) => t.name);
    expect(byDefault).not.toContain('account_get');
    const account = await names({ toolsets: { account: true } });
    expect(account.map((t) => t.name)).toEqual(
      expect.arrayContaining(['account_get', 'account_usage', 'account_request_health', 'keys_list']),
    );
    expect(account.map((t) => t.name)).not.toContain('keys_revoke');
    const mutations = await names({ toolsets: { account: true, mutations: true } });
    const revoke = mutations.find((t) => t.name === 'keys_revoke');
    expect(revoke?.annotations).toEqual({ readOnlyHint: false, idempotentHint: true, destructiveHint: true });
    expect(mutations.find((t) => t.name === 'recovery_email_resend')?.annotations?.idempotentHint).toBeUndefined();
    expect((await names({ toolsets: { mutations: true } })).map((t) => t.name)).not.toContain('keys_revoke');
    const readOnly = await names({ toolsets: { account: true, mutations: true }, readOnly: true });
    expect(readOnly.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(readOnly.map((t) => t.name)).toContain('account_get');
  });

  it('keeps the default tool list (names, descriptions, schemas) within 3,000 tokens', async () => {
    const { tools } = await s.client.listTools();
    const tokens = listTokens(tools);
    console.log(
      `default tool list: ${tools.length} tools, ${tokens} tokens (o200k_base); with annotations and _meta ${countTokens(JSON.stringify(tools))}`,
    );
    expect(tokens).toBeLessThanOrEqual(3000);
  });

  it('answers with structuredContent and the same JSON as text, validated by the client against the outputSchema', async () => {
    const result = await s.call('catalog_sports');
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    const content = result.structuredContent as { rows: { sport_id: number }[]; count: number; credits: number };
    expect(content.count).toBe(content.rows.length);
    expect(content.rows.length).toBeGreaterThan(0);
    expect(content.credits).toBe(creditsForRows(content.rows.length));
  });

  it('keeps chosen columns (fields) and at most limit rows of wide rows', async () => {
    const events = (await s.call('events_list', { limit: 1 })).structuredContent as { rows: { event_id: number }[] };
    const event = events.rows[0]?.event_id;
    const full = (await s.call('events_odds', { event_id: event })).structuredContent as { rows: object[] };
    const narrow = (await s.call('events_odds', { event_id: event, fields: ['market', 'odds1'], limit: 2 })).structuredContent as {
      rows: object[];
      limited: number;
    };
    expect(narrow.rows).toHaveLength(2);
    expect(narrow.limited).toBe(full.rows.length - 2);
    for (const row of narrow.rows) expect(Object.keys(row).sort()).toEqual(['market', 'odds1']);
  });
});
