/**
 * The page's script, bundled for the browser by main.ts: the SDK calls the service directly, across
 * origins (the service must allow this page's origin by CORS and expose its metering headers).
 *
 * A key in a page is for local tools like this one: a public page should call your own backend,
 * which holds the key.
 */
import { APIError, NotFoundError, SportsOdds, type Event } from '../../src';

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const cell = (text: string, numeric = false) =>
  Object.assign(document.createElement('td'), { textContent: text, className: numeric ? 'num' : '' });
const price = (x: number | null | undefined) => (x == null ? '-' : x.toFixed(2));

async function main(): Promise<void> {
  const config = (await (await fetch('/config.json')).json()) as { baseUrl: string; apiKey: string; sportId: number };
  $('base-url').textContent = config.baseUrl;
  const odds = new SportsOdds({ baseUrl: config.baseUrl, apiKey: config.apiKey, maxRetries: 1 });

  const events = await odds.events.list({ sport_id: config.sportId, limit: 20 });
  const matches = events.filter((e: Event) => e.parent_id == null).slice(0, 6);
  for (const event of matches) {
    // `.withMeta()` reads the credit headers the service exposes to this origin.
    const { data, meta } = await odds.events.odds(event, { main_lines_only: true }).withMeta();
    const ml = data.find((r) => r.market === 'moneyline' && r.period === 0);
    const row = document.createElement('tr');
    row.append(
      cell((event.starts ?? '').slice(0, 16).replace('T', ' ')),
      cell(`${event.runner_home ?? '?'} v ${event.runner_away ?? '?'}`),
      cell(price(ml?.odds1), true),
      cell(price(ml?.odds0), true),
      cell(price(ml?.odds2), true),
      cell(String(meta.credits.cost ?? '-'), true),
    );
    $('board').querySelector('tbody')?.append(row);
  }

  // Errors are typed in the browser too, with their credits.
  try {
    await odds.events.results(1);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    $('error-demo').textContent =
      `An unknown event: ${error.name} ${error.status} ${error.code}, charged ${error.meta.credits.cost ?? 0} credit.`;
  }

  const c = odds.credits;
  $('credits').textContent =
    `This page spent ${c.spent} credits in ${c.meteredCalls} calls; ${c.daily.remaining?.toLocaleString('en')} of ${c.daily.limit?.toLocaleString('en')} left today.`;
  $('status').textContent = 'done';
}

main().catch((error: unknown) => {
  $('status').className = 'error';
  $('status').textContent =
    error instanceof APIError
      ? `The service refused: ${error.code} (${error.serviceMessage})`
      : `Failed: ${error instanceof Error ? error.message : String(error)}`;
});
