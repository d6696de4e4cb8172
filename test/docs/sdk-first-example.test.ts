import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SportsOdds, type ClientOptions, type Event } from '../../src';
import { ROOT } from '../examples/run-example';
import { useMockServer } from '../helpers/mock-server';

/**
 * The first example of docs/sdk.md, run as a reader copies it, against the mock: it takes the
 * prices of a match, never of a child fixture (corners, bookings), which listings hold too, even
 * when the listing's first row is one (an override serves the mock's own rows, a child first).
 */

const newMock = useMockServer();

/** The first code block of docs/sdk.md, under "## Making calls", its import left out (the test gives the client). */
function firstExample(): string {
  const doc = readFileSync(join(ROOT, 'docs/sdk.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Making calls'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.replace(/^import .*$/m, '');
}

describe('the first example of docs/sdk.md', () => {
  it('picks a match: the listing it reads holds child fixtures, and it leaves them out', async () => {
    const mock = newMock();
    const listed: Event[] = [];
    const priced: string[] = [];
    // The block's own client, pointed at the mock: its options are the reader's, plus the mock's place.
    const Client = class extends SportsOdds {
      constructor(options: ClientOptions) {
        super({
          ...options,
          apiKey: mock.apiKey,
          baseUrl: mock.baseUrl,
          hooks: { beforeRequest: [({ url }) => void priced.push(url)] },
        });
      }
    };
    const code = firstExample();
    expect(code).toContain("new SportsOdds({ apiKey: 'svc_live_...', baseUrl: 'https://api.example.com' })");
    const run = new Function('SportsOdds', 'console', `return (async () => {${code}})();`) as (
      s: typeof SportsOdds,
      c: Pick<Console, 'log'>,
    ) => Promise<void>;
    listed.push(...(await new Client({}).events.list({ sport_id: 29, limit: 20 })));
    // The same rows, a child fixture first (as a listing may order them at one kickoff): the example must still skip it.
    const reordered = [...listed.filter((e) => e.parent_id != null), ...listed.filter((e) => e.parent_id == null)];
    mock.use('events.list', () => reordered, { once: true });
    await run(Client, { log: () => {} });
    // The listing holds child fixtures, so a first row could be one.
    expect(listed.some((e) => e.parent_id != null)).toBe(true);
    const oddsUrl = priced.find((url) => /\/v1\/events\/\d+\/odds/.test(url));
    const pricedId = Number(/\/v1\/events\/(\d+)\/odds/.exec(oddsUrl ?? '')?.[1]);
    const event = listed.find((e) => e.event_id === pricedId);
    expect(event?.parent_id).toBeNull();
  });
});
