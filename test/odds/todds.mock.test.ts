import { describe, expect, it } from 'vitest';
import { fairPrices } from '../../src/odds';
import { NOW, sdkFor, useMockServer } from '../sdk/mock-setup';

/**
 * How `fairPrices` compares with a row's `todds` (docs/sdk.md, "Odds arithmetic"): the reference mock removes the
 * margin by the power method on the row's quoted prices, to 4 decimals, so `fairPrices(prices, 'power')` gives its
 * `todds` back; the other methods differ from them by how they spread the margin.
 */

const newMock = useMockServer();

describe("fairPrices and the mock's todds", () => {
  it("gives each row's todds back by the power method, to the 4 decimals they are written to", async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const day = new Date(Date.parse(NOW) - 2 * 86_400_000).toISOString().slice(0, 10);
    const events = await odds.events.list({ starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 10 });
    let rows = 0;
    let differs = 0;
    for (const event of events) {
      for (const row of await odds.events.closingLines(event.event_id as number)) {
        const columns = (['1', '0', '2'] as const).filter((c) => typeof row[`odds${c}`] === 'number');
        // A row quoted at the 1.01 floor carries its whole margin on its other side: not a fitted market (docs/interpretations.md).
        if (columns.length < 2 || columns.some((c) => row[`odds${c}`] === 1.01)) continue;
        const prices = columns.map((c) => row[`odds${c}`] as number);
        const power = fairPrices(prices, 'power').prices;
        const shin = fairPrices(prices, 'shin').prices;
        columns.forEach((c, i) => {
          expect(
            Math.abs((power[i] as number) - (row[`todds${c}`] as number)),
            `${event.event_id} ${row.market} todds${c}`,
          ).toBeLessThanOrEqual(0.00005 + 1e-12);
          if (Math.abs((shin[i] as number) - (row[`todds${c}`] as number)) > 0.00005) differs += 1;
        });
        rows += 1;
      }
    }
    expect(rows).toBeGreaterThan(50);
    // Another method is another answer: Shin's differs from todds on some rows.
    expect(differs).toBeGreaterThan(0);
  });
});
