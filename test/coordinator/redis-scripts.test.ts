// The Redis scripts' TypeScript and Lua sides held together (src/redis/scripts/): each script's text
// reads only what its declaration names, and reads all of it; it replies only with its declared
// statuses, never with more fields than declared; the generated preamble follows the layout's keys.
// Their behaviour in a real Redis, beside the previous scripts: test/coordinator/redis-mixed-versions.test.ts.
import { describe, expect, it } from 'vitest';
import { KEY_NAMES, namespaceKeys } from '../../src/redis/layout';
import { ANSWERS, COORDINATOR } from '../../src/redis/scripts';
import { ANSWERS_PRELUDE } from '../../src/redis/scripts/answers-lua';
import { COORDINATOR_PRELUDE } from '../../src/redis/scripts/coordinator-lua';
import { keyLocal, type Family, type ScriptDeclaration } from '../../src/redis/scripts/declare';

interface AnyScript {
  readonly name: string;
  readonly source: string;
  readonly family: Family;
  readonly declaration: ScriptDeclaration;
}

const FAMILIES: [string, Readonly<Record<string, AnyScript>>, string][] = [
  ['coordinator', COORDINATOR, COORDINATOR_PRELUDE],
  ['answers', ANSWERS, ANSWERS_PRELUDE],
];

/** Lua text without its comments and the contents of its strings (a name inside a string is not read). */
function code(lua: string): string {
  return lua.replace(/'(?:\\.|[^'\\])*'|--[^\n]*/g, (m) => (m.startsWith('--') ? '' : "''"));
}

/** A script's own text: its source past the generated preamble and the family's prelude. */
function bodyOf(script: AnyScript, prelude: string): string {
  const at = script.source.indexOf(prelude);
  expect(at, `${script.name}: its source holds the family's prelude`).toBeGreaterThan(0);
  return script.source.slice(at + prelude.length);
}

/** The preamble of a script: what precedes the prelude. */
const preambleOf = (script: AnyScript, prelude: string): string => script.source.slice(0, script.source.indexOf(prelude));

/** Each `reply('<status>', ...)` of `lua`: its status and how many fields it gives. */
function repliesOf(lua: string): { status: string; fields: number }[] {
  const out: { status: string; fields: number }[] = [];
  const text = lua.replace(/--[^\n]*/g, '');
  for (const match of text.matchAll(/\breply\(/g)) {
    let depth = 0;
    let fields = 0;
    let i = match.index + match[0].length;
    let quoted = false;
    let status = '';
    const start = i;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (quoted) {
        if (ch === '\\') i++;
        else if (ch === "'") quoted = false;
        continue;
      }
      if (ch === "'") quoted = true;
      else if (ch === '(' || ch === '{') depth++;
      else if (ch === ')' || ch === '}') {
        if (depth === 0) break;
        depth--;
      } else if (ch === ',' && depth === 0) fields++;
    }
    const args = text.slice(start, i);
    status = /^'([^']*)'/.exec(args)?.[1] ?? '';
    // `reply(status, a, b, c)`, the function itself, is its definition, not a reply.
    if (status !== '') out.push({ status, fields });
  }
  return out;
}

const words = (lua: string, pattern: RegExp): Set<string> => new Set([...code(lua).matchAll(pattern)].map((m) => m[1] ?? m[0]));

describe('the Redis scripts, TypeScript and Lua', () => {
  it("gives the coordinator's scripts the layout's keys, in the layout's order", () => {
    expect(COORDINATOR.read.family.keys).toEqual(KEY_NAMES);
    const preamble = preambleOf(COORDINATOR.read, COORDINATOR_PRELUDE);
    KEY_NAMES.forEach((name, i) => {
      expect(preamble).toContain(`local ${keyLocal(name)} = KEYS[${i + 1}]\n`);
    });
    expect(namespaceKeys('sod', 'acct-1').map((key) => key.slice('sod:{acct-1}:'.length))).toEqual(KEY_NAMES);
  });

  for (const [familyName, scripts, prelude] of FAMILIES) {
    const all = Object.values(scripts);
    const family = all[0]!.family;
    const keyLocals = family.keys.map(keyLocal);

    it(`${familyName}: no script's own text reads KEYS or ARGV (only the generated preamble does)`, () => {
      for (const script of all) {
        expect(words(prelude + bodyOf(script, prelude), /\b(KEYS|ARGV)\b/g), script.name).toEqual(new Set());
        expect(words(preambleOf(script, prelude), /\b(KEYS|ARGV)\b/g), script.name).toEqual(new Set(['KEYS', 'ARGV']));
      }
    });

    it(`${familyName}: reads every declared key, and no key it does not declare`, () => {
      const read = new Set<string>();
      for (const script of all) for (const k of words(prelude + bodyOf(script, prelude), /\b(K_[A-Z_]+)\b/g)) read.add(k);
      expect([...read].sort()).toEqual([...keyLocals].sort());
    });

    it(`${familyName}: reads every argument the family declares`, () => {
      const text = code(prelude + all.map((s) => bodyOf(s, prelude)).join('\n'));
      for (const name of Object.keys(family.common)) expect(text, name).toMatch(new RegExp(`\\b${name}\\b`));
    });

    for (const script of all) {
      it(`${familyName}.${script.name}: reads exactly its declared arguments`, () => {
        const body = bodyOf(script, prelude);
        expect([...words(body, /\bargs\.([A-Za-z_][A-Za-z0-9_]*)/g)].sort()).toEqual(Object.keys(script.declaration.args).sort());
      });

      it(`${familyName}.${script.name}: replies with its declared statuses, each with at most its declared fields`, () => {
        const declared = { ...family.statuses, ...script.declaration.replies };
        const given = repliesOf(bodyOf(script, prelude));
        for (const { status, fields } of given) {
          expect(Object.keys(declared), `${script.name} replies ${status}`).toContain(status);
          expect(fields, `${script.name}'s ${status}`).toBeLessThanOrEqual(Object.keys(declared[status]!).length);
        }
        // Every status of its own is given somewhere (the family's come from its prelude's guard and clock).
        const statuses = new Set(given.map((r) => r.status));
        for (const status of Object.keys(script.declaration.replies))
          expect(statuses, `${script.name} never replies ${status}`).toContain(status);
      });
    }
  }

  it('decodes a reply into its named fields, and refuses one of another shape', () => {
    const state = ['7', '2', '5', '', '', '', '', '', '', '', '1', 'epoch-1', '3'];
    const admit = COORDINATOR.admit.decode(['budget', 1000, 'dailyFloor', '-4', '', ...state]);
    expect(admit).toMatchObject({
      status: 'budget',
      now: 1000,
      limit: 'dailyFloor',
      available: -4,
      generation: 1,
      epoch: 'epoch-1',
      rate: 3,
    });
    expect(admit?.credits).toMatchObject({ spent: 7, meteredCalls: 2, reserved: 5 });
    expect(COORDINATOR.lock.decode(['ok', 1000, 0, 250, '', ...state])).toMatchObject({ status: 'ok', taken: false, leftMs: 250 });
    expect(COORDINATOR.read.decode(['lost', 1000, 'epoch', '', '', ...state])).toMatchObject({ status: 'lost', what: 'epoch' });
    // A status the script does not declare, a reply too short, a value Redis never gives.
    expect(COORDINATOR.read.decode(['budget', 1000, '', '', '', ...state])).toBeUndefined();
    expect(COORDINATOR.read.decode(['ok', 1000])).toBeUndefined();
    expect(COORDINATOR.read.decode(['ok', 1000, {}, '', '', ...state])).toBeUndefined();
    expect(ANSWERS.lookup.decode(['hit', 1000, 990, '{"t":1}', 4, 2048])).toEqual({
      status: 'hit',
      now: 1000,
      sentAt: 990,
      body: '{"t":1}',
      entries: 4,
      bytes: 2048,
    });
    expect(ANSWERS.lookup.decode(['wait', 1000, 0, 'p.1', 4, 2048])).toMatchObject({ status: 'wait', cleared: 0, holder: 'p.1' });
    expect(ANSWERS.keep.decode(['kept', 1000, '', '', 'x', 0])).toBeUndefined();
  });

  it('writes the ARGV of a call from its named arguments, in declared order', () => {
    const common = { retention: 1, lease: 2, window: 3, deadline: undefined, knownEpoch: undefined, firstEpoch: 'p' };
    expect(COORDINATOR.renew.argv(common, { ids: ['a', 'b'] })).toEqual(['1', '2', '3', '', '', 'p', 'a', 'b']);
    expect(
      COORDINATOR.settle.argv(common, {
        id: 'x',
        held: true,
        cost: 4,
        periodLimit: 100,
        periodRemaining: undefined,
        periodReset: new Date(5000),
        dailyLimit: undefined,
        dailyRemaining: 9,
        dailyReset: undefined,
        retry: false,
      }),
    ).toEqual(['1', '2', '3', '', '', 'p', 'x', '1', '4', '100', '', '5000', '', '9', '', '0']);
  });
});
