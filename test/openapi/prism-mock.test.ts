import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../src/schemas';
import { OPENAPI_REGENERATE, startPrism, type RunningPrism } from './tools';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; example: unknown };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  security: Record<string, unknown>[];
  requestBody?: { content: { 'application/json': { example: unknown } } };
  responses: Record<string, unknown>;
};
const doc = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { paths: Record<string, Record<string, Operation>> };

let mock: RunningPrism;
let proxy: RunningPrism;

beforeAll(async () => {
  mock = await startPrism(['mock', 'docs/openapi.json']);
  // Prism as a validation proxy in front of `prism mock`: what the mock answers is checked against the document.
  proxy = await startPrism(['proxy', 'docs/openapi.json', mock.url, '--errors']);
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  await mock?.stop();
});

describe('prism mock with the examples of docs/openapi.json', () => {
  it('answers every operation, called with its examples, with a schema-valid body and headers', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          String(operation.parameters.find((p) => p.name === name)!.example),
        );
        const url = new URL(`${proxy.url}${path}`);
        const headers: Record<string, string> = {};
        for (const p of operation.parameters) {
          if (p.in === 'query') url.searchParams.set(p.name, String(p.example));
          if (p.in === 'header') headers[p.name] = String(p.example);
        }
        if (operation.security.some((s) => 'bearer' in s)) headers['Authorization'] = 'Bearer svc_live_ExampleKeyOfTheDemoAccount000000';
        const example = operation.requestBody?.content['application/json'].example;
        if (example !== undefined) headers['Content-Type'] = 'application/json';
        const response = await fetch(url, {
          method: method.toUpperCase(),
          headers,
          ...(example === undefined ? {} : { body: JSON.stringify(example) }),
        });
        const text = await response.text();
        calls++;
        const violations = response.headers.get('sl-violations');
        if (response.status >= 300 || violations !== null)
          problems.push(`${operation.operationId}: ${response.status} ${violations ?? text.slice(0, 300)}`);
        // The example, not a body Prism invented.
        const success = Object.keys(operation.responses).find((s) => s.startsWith('2'))!;
        const documented = (operation.responses[success] as { content: { 'application/json': { example: unknown } } }).content[
          'application/json'
        ].example;
        if (response.status < 300 && JSON.stringify(JSON.parse(text)) !== JSON.stringify(documented))
          problems.push(`${operation.operationId}: not the documented example`);
        if (response.headers.get('x-request-id') === null) problems.push(`${operation.operationId}: no X-Request-Id`);
      }
    }
    expect(problems, OPENAPI_REGENERATE).toEqual([]);
    // Every registered route of the table, each called once.
    expect(calls, OPENAPI_REGENERATE).toBe(routeList.filter((route) => route.registered).length);
  }, 120_000);
});
