// The smoke scenario of `npm run test:runtimes`, the same in every runtime: the SDK and the mock
// service as a user installs them (bare imports of the packed package, never the repository's
// sources), the SDK talking to the mock through `mock.fetch` (no MSW interception, so it runs
// where MSW's interceptors do not: workerd, Deno, Bun). Plain ESM, bundled as is for the Worker
// and the browser.
import { NotFoundError, SportsOdds, SportsOddsError, UnavailableError } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';

/**
 * The mock's (frozen) clock and the live scan's page size, pinned by experiment on the seeded
 * dataset: at this instant a live scan with this limit takes exactly two pages, the first full.
 */
export const NOW = '2026-11-21T15:00:00Z';
export const LIVE_LIMIT = 20;
const LIVE_PAGES = 2;
/** No event has this id. */
const MISSING_EVENT_ID = 999_999_999;

/** The names of the steps, in order: a failed run names the step it stopped at. */
export const STEPS = [
  'validated data call with .withMeta() credits',
  'typed NotFoundError',
  'injected 503 retried',
  'live scan of two pages',
  'SDK credit tally equals the mock ledger',
];

class CheckFailed extends Error {}

/** Throws with `message` unless `condition` holds. */
function check(condition, message) {
  if (!condition) throw new CheckFailed(message);
}

const describe = (error) =>
  error instanceof CheckFailed
    ? error.message
    : `${error?.constructor?.name ?? typeof error}: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Runs the scenario and never throws: the result says which steps passed, and for the step it
 * stopped at, why. Later steps are not run after a failure (they build on the earlier ones).
 *
 * @example
 * const result = await runScenario();
 * if (!result.ok) console.error(`failed at "${result.failedStep}": ${result.error}`);
 */
export async function runScenario() {
  const steps = [];
  const mock = createMockService({ now: NOW });
  const retries = [];
  const odds = new SportsOdds({
    apiKey: mock.apiKey,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    validate: true,
    logLevel: 'off',
    hooks: { beforeRetry: [(info) => void retries.push(info)] },
  });

  const account = () => mock.ledger().find((entry) => entry.email === mock.demoEmail);
  /** The mock's charge for one answer matches the credits the SDK read from its headers. */
  const checkCharged = (meta, what) => {
    check(typeof meta?.requestId === 'string', `${what}: the answer has no request id`);
    const charge = account()?.charges.find((c) => c.requestId === meta.requestId);
    check(charge !== undefined, `${what}: the mock's ledger has no charge for ${meta.requestId}`);
    check(
      typeof meta.credits.cost === 'number' && meta.credits.cost >= 1 && charge.cost === meta.credits.cost,
      `${what}: X-Credits-Cost ${meta.credits.cost} but the ledger charged ${charge.cost} for ${meta.requestId}`,
    );
    return charge.cost;
  };

  let eventId;
  const bodies = [
    async () => {
      const { data, meta } = await odds.events.list({ limit: 5 }).withMeta();
      check(Array.isArray(data) && data.length === 5, `expected 5 events, got ${JSON.stringify(data)?.slice(0, 200)}`);
      check(
        data.every((e) => Number.isInteger(e.event_id) && typeof e.runner_home === 'string'),
        'events do not have the schema shape',
      );
      check(meta.status === 200 && meta.attempts === 1, `status ${meta.status}, attempts ${meta.attempts}`);
      check(meta.resultRows === 5, `X-Result-Rows ${meta.resultRows}, expected 5`);
      const cost = checkCharged(meta, 'events.list');
      check(
        account().period.remaining === meta.credits.periodRemaining,
        `period remaining ${meta.credits.periodRemaining} in the headers, ${account().period.remaining} in the ledger`,
      );
      eventId = data[0].event_id;
      return `${data.length} events, ${cost} credit(s), matches the ledger`;
    },
    async () => {
      let caught;
      try {
        await odds.events.odds(MISSING_EVENT_ID);
      } catch (error) {
        caught = error;
      }
      check(caught !== undefined, `events.odds(${MISSING_EVENT_ID}) resolved instead of throwing`);
      check(caught instanceof NotFoundError, `expected a NotFoundError, got ${describe(caught)}`);
      check(caught instanceof SportsOddsError && caught instanceof Error, 'NotFoundError is not a SportsOddsError and an Error');
      check(caught.status === 404 && caught.code === 'not_found', `status ${caught.status}, code ${caught.code}`);
      checkCharged(caught.meta, 'the 404');
      return `NotFoundError ${caught.status} ${caught.code}`;
    },
    async () => {
      mock.faults.inject({ route: 'events.odds', status: 503 });
      const { data, meta } = await odds.events.odds(eventId).withMeta();
      check(meta.attempts === 2, `expected 2 attempts, got ${meta.attempts}`);
      check(meta.status === 200 && Array.isArray(data) && data.length > 0, `status ${meta.status} with ${data?.length} rows`);
      check(
        retries.length === 1 && retries[0].error instanceof UnavailableError && retries[0].error.status === 503,
        `expected one retry after a 503 UnavailableError, saw ${retries.map((r) => describe(r.error)).join('; ') || 'none'}`,
      );
      checkCharged(meta, 'the retried events.odds');
      return `attempts 2 (503 then 200), ${data.length} price rows, waited ${retries[0].delayMs} ms`;
    },
    async () => {
      const pages = [];
      for await (const page of odds.events.live({ limit: LIVE_LIMIT }).pages()) pages.push(page);
      check(
        pages.length === LIVE_PAGES,
        `expected ${LIVE_PAGES} pages, got ${pages.length} (${pages.map((p) => p.data.length).join(', ')} rows)`,
      );
      const [first, last] = pages;
      check(
        first.data.length === LIVE_LIMIT && first.meta.nextCursor !== undefined && !first.done,
        'the first page is not full with a cursor',
      );
      check(last.done && !last.incomplete && last.meta.nextCursor === undefined, 'the last page did not end the scan');
      const events = pages.flatMap((p) => p.data);
      check(
        events.every((e) => e.live_status === 1),
        'a live scan returned an event that is not in play',
      );
      check(new Set(events.map((e) => e.event_id)).size === events.length, 'a live scan returned an event twice');
      for (const page of pages) checkCharged(page.meta, `live page ${page.state.pages}`);
      return `${pages.length} pages (${pages.map((p) => p.data.length).join(' + ')} events)`;
    },
    async () => {
      const entry = account();
      check(entry.reserved === 0, `${entry.reserved} credits still reserved`);
      check(odds.credits.spent === entry.charged, `the SDK counted ${odds.credits.spent} credits, the mock charged ${entry.charged}`);
      return `${entry.charged} credits over ${entry.charges.length} charges`;
    },
  ];

  for (const [index, body] of bodies.entries()) {
    const name = STEPS[index];
    const started = Date.now();
    try {
      const detail = await body();
      steps.push({ name, ok: true, detail, ms: Date.now() - started });
    } catch (error) {
      steps.push({ name, ok: false, detail: describe(error), ms: Date.now() - started });
      return { ok: false, steps, failedStep: name, error: describe(error) };
    }
  }
  return { ok: true, steps };
}
