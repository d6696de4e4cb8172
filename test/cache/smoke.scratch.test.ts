import { expect, it } from 'vitest';
import { chargesOf, sdkFor, useMockServer } from '../sdk/mock-setup';

const newMock = useMockServer();

it('smoke', async () => {
  const mock = newMock();
  const { odds, seen } = sdkFor(mock);
  const a = await odds.catalog.sports().withMeta();
  const b = await odds.catalog.sports().withMeta();
  console.log(a.meta.reuse, b.meta.reuse, b.meta.credits, seen.requests.length, odds.cache.stats(), odds.credits);
  const ev = await odds.events.list({ limit: 2 });
  const id = ev[0]!.event_id as number;
  const all = await Promise.all([1, 2, 3].map(() => odds.events.odds(id).withMeta()));
  console.log(
    all.map((x) => x.meta.reuse),
    seen.requests.length,
    odds.cache.stats(),
    chargesOf(mock).charged,
    odds.credits.spent,
  );
  expect(b.data).toEqual(a.data);
});
