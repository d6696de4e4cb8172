import { describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import { until } from '../helpers/gate';
import { NOW } from '../helpers/mock-server';
import { SPEC } from '../property/mock-commands';

const START = Date.parse(NOW);

async function get(mock: MockService, path: string, key = mock.apiKey) {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { error?: { request_id?: string } };
  // Request ids are random in a real-time mock: everything else of an answer must match.
  if (body.error) delete body.error.request_id;
  return { status: response.status, headers: response.headers, body };
}

/** The set-up of a new user: a key, an account, the clock an hour on, an added event, an armed fault, metering. */
async function setUp() {
  const mock = createMockService({ now: NOW, demoAccount: { apiKey: `svc_live_${'a'.repeat(32)}` } });
  mock.clock.freeze(NOW);
  const extra = await mock.createKey(mock.demoEmail, { name: 'ci' });
  const other = await mock.createAccount({ email: 'other@example.com', plan: 'starter' });
  mock.clock.advance(3_600_000);
  mock.data.addEvent(SPEC);
  for (let i = 0; i < 3; i++) expect((await get(mock, '/v1/events/101/odds')).status).toBe(200);
  mock.faults.inject({ route: 'events.results', status: 503, count: 2 });
  return { mock, extra, other };
}

describe('mock.snapshot() and restore (docs/testing.md, "Snapshots and forks")', () => {
  it('brings every change back in a new mock, through JSON, the clock where it stood', async () => {
    const { mock, extra, other } = await setUp();
    const text = JSON.stringify(mock.snapshot());
    const restored = createMockService({ now: NOW, demoAccount: { apiKey: mock.apiKey }, state: JSON.parse(text) });
    await restored.ready;
    expect(restored.clock.now()).toBe(START + 3_600_000);
    expect(restored.clock.frozen).toBe(true);
    expect(restored.accounts()).toEqual(mock.accounts());
    expect(restored.ledger()).toEqual(mock.ledger());
    expect(restored.faults.list()).toEqual(mock.faults.list());
    expect(restored.data.added()).toEqual(mock.data.added());
    expect(restored.requests()).toEqual(mock.requests());
    // The same answers from here on, the fault's two requests included.
    for (const path of ['/v1/events/101/odds', '/v1/events/101/results', '/v1/events/101/results', '/v1/events/101/results']) {
      const [a, b] = [await get(mock, path), await get(restored, path)];
      expect([b.status, b.body]).toEqual([a.status, a.body]);
    }
    // Request ids are drawn at random: the charges of the same requests match in all but those.
    const charges = (m: MockService) => m.ledger().map((e) => ({ ...e, charges: e.charges.map(({ requestId: _id, ...c }) => c) }));
    expect(charges(restored)).toEqual(charges(mock));
    for (const key of [mock.apiKey, extra.apiKey, other.apiKey]) expect((await get(restored, '/v1/catalog/sports', key)).status).toBe(200);
  });

  it('holds no plaintext key, and names what it could not serialize', async () => {
    const { mock, extra, other } = await setUp();
    const dispose = mock.use('catalog.sports', () => []);
    const text = JSON.stringify(mock.snapshot());
    for (const key of [mock.apiKey, extra.apiKey, other.apiKey]) expect(text).not.toContain(key.slice('svc_live_'.length));
    expect(mock.snapshot().omitted).toEqual([expect.stringMatching(/^override ovr_1 \(catalog\.sports\): a resolver function/)]);
    dispose();
  });

  it("leaves out a fault a test's gate holds, naming it, and keeps the record of a request it held", async () => {
    const { mock } = await setUp();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    mock.faults.inject({ route: 'catalog.sports', hold: gate, count: 2 });
    const held = get(mock, '/v1/catalog/sports');
    await until(() => mock.requests().length > 0 && mock.faults.list().some((f) => f.remaining === 1));
    open();
    expect((await held).status).toBe(200);
    const saved = JSON.parse(JSON.stringify(mock.snapshot()));
    expect(saved.omitted).toEqual([expect.stringMatching(/^fault flt_2 \(catalog\.sports\): held by a test's gate/)]);
    const restored = createMockService({ now: NOW, demoAccount: { apiKey: mock.apiKey }, state: saved });
    expect(restored.faults.list()).toEqual(mock.faults.list().filter((f) => f.held === undefined));
    expect(restored.requests()).toEqual(mock.requests());
  });

  it('restores in place: back where the snapshot stood, the clock too (not a move of the clock)', async () => {
    const { mock } = await setUp();
    const saved = mock.snapshot();
    const before = mock.ledger();
    mock.clock.advance(86_400_000);
    await mock.createAccount({ email: 'later@example.com' });
    await get(mock, '/v1/events/101/odds');
    await mock.restore(saved);
    expect(mock.clock.now()).toBe(START + 3_600_000);
    expect(mock.ledger()).toEqual(before);
    expect(mock.accounts().map((a) => a.email)).toEqual([mock.demoEmail, 'other@example.com']);
    // From the restored instant on, the clock only moves forward again.
    expect(() => mock.clock.set(START)).toThrow(/only moves forward/);
  });

  it('refuses a document of another version, another seed, or a malformed one, naming what to do, and changes nothing', async () => {
    const { mock } = await setUp();
    const saved = mock.snapshot();
    const before = JSON.stringify(mock.snapshot());
    expect(() => mock.restore({ ...saved, version: 2 })).toThrow(
      'mock.restore(): a state document of version 2, and this mock reads version 1: load it with the mock that saved it, or start without it (the file is kept as it is)',
    );
    expect(() => mock.restore({ ...saved, seed: 'other' })).toThrow(
      'mock.restore(): the state was saved by a mock of seed "other", and this mock\'s seed is "sports-odds": start it with that seed',
    );
    expect(() => mock.restore({ ...saved, accounts: [{ ...saved.accounts[0], status: 'gone' }] })).toThrow(
      /^mock\.restore\(\): a malformed state document: accounts\.0\.status: /,
    );
    expect(() => mock.restore({ hello: 1 })).toThrow(
      'mock.restore(): not a mock state document: its "format" is not "sports-odds-mock-state"',
    );
    expect(() => createMockService({ seed: 'other', state: saved })).toThrow(/^createMockService\(\{ state \}\): the state was saved/);
    expect(JSON.stringify(mock.snapshot())).toBe(before);
  });
});

describe('mock.fork() (docs/testing.md, "Snapshots and forks")', () => {
  it('waits for a new mock to hold its demo key: before `ready`, a snapshot or a fork is refused', async () => {
    const mock = createMockService({ now: NOW });
    expect(() => mock.fork()).toThrow('mock.fork(): the mock is still hashing its demo key: await mock.ready first');
    expect(() => mock.snapshot()).toThrow('mock.snapshot(): the mock is still hashing its demo key: await mock.ready first');
    await mock.ready;
    expect((await get(mock.fork(), '/v1/catalog/sports')).status).toBe(200);
  });

  it('gives an independent mock: its changes never reach its parent or its siblings', async () => {
    const { mock } = await setUp();
    const parent = JSON.stringify(mock.snapshot());
    const [a, b] = [mock.fork(), mock.fork()];
    expect(a.apiKey).toBe(mock.apiKey);
    await get(a, '/v1/events/101/odds');
    a.faults.clear();
    a.clock.advance(60_000);
    await a.createAccount({ email: 'fork@example.com' });
    expect(JSON.stringify(mock.snapshot())).toBe(parent);
    expect(b.ledger()).toEqual(mock.ledger());
    expect(b.faults.list()).toEqual(mock.faults.list());
    expect(b.clock.now()).toBe(mock.clock.now());
    expect(a.ledger()[0]?.charged).toBeGreaterThan(mock.ledger()[0]?.charged ?? 0);
  });
});
