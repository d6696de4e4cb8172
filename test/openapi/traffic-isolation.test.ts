import { describe, expect, it } from 'vitest';
import { recordTraffic } from '../../scripts/openapi';
import { trafficOperations, type Exchange } from '../../scripts/openapi/traffic';
import type { RouteId } from '../../src/schemas';

/** Each operation's recorded exchanges, as the text they are compared by. */
const byOperation = (exchanges: readonly Exchange[]) => {
  const out = new Map<RouteId, string>();
  for (const e of exchanges) out.set(e.routeId, `${out.get(e.routeId) ?? ''}${JSON.stringify(e)}\n`);
  return out;
};

describe("the OpenAPI traffic: each operation's examples from a mock of its own", () => {
  it("records every other operation byte for byte the same when operations' traffic is left out, added or sent in another order", async () => {
    const all = trafficOperations();
    // The first operation (every other ran after it), a key's creation (state every account route reads) and a flow that
    // moves the clock by half an hour.
    const left = new Set<RouteId>(['catalog.sports', 'keys.create', 'recovery.claim']);
    const fewer = all.filter((id) => !left.has(id)).reverse();
    const full = byOperation(await recordTraffic());
    const some = byOperation(await recordTraffic(fewer));
    expect([...full.keys()]).toEqual(all);
    expect([...some.keys()]).toEqual(fewer);
    const changed = fewer.filter((id) => some.get(id) !== full.get(id));
    expect(changed, "operations whose exchanges depend on another operation's traffic (scripts/openapi/traffic/index.ts)").toEqual([]);
  }, 120_000);
});
