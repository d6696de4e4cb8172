import * as z from 'zod/mini';
import type { EventScan, EventScanState } from '../core/scans';
import { BudgetExceededError } from '../core/errors';
import type { Event } from '../schemas/events';
import type { Json } from '../schemas/json-schema';
import { positiveInt } from '../schemas/primitives';
import { LIMIT_MAX, qUtcDateTime, qUtcDateTimeOrDay } from '../schemas/query';
import { routes } from '../schemas/routes';
import { schemaTool } from './schema-tool';
import { rowsOutput, type ToolDef } from './tool';

/** One page of the scan: a listing of the most rows, the fewest credits per event. */
const PAGE = routes['events.list'].metering.envelope({ limit: LIMIT_MAX });
/** Pages one `events_scan` call reads at most. */
const MAX_PAGES = 20;

const ScanArgs = z
  .strictObject({
    starts_from: z.optional(qUtcDateTime),
    starts_to: z.optional(qUtcDateTimeOrDay),
    sport_id: z.optional(positiveInt),
    league_id: z.optional(positiveInt),
    max_pages: z.optional(z.int().check(z.gte(1), z.lte(MAX_PAGES))),
    continuation: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  })
  .check(
    z.refine((a) => (a.continuation === undefined) === (a.starts_from !== undefined && a.starts_to !== undefined), {
      message: 'give starts_from and starts_to to start a scan, or only the continuation of one (with max_pages)',
      path: ['continuation'],
    }),
  );
type ScanArgs = z.output<typeof ScanArgs>;

/** `events_scan`: every event of a kickoff window, `max_pages` pages a call; `next` continues from the checkpoint. */
export const eventsScanTool: ToolDef<ScanArgs> = schemaTool(
  ScanArgs,
  { toolset: 'data', idempotent: false },
  {
    name: 'events_scan',
    description: `Every event of a kickoff window, never truncated. Worst case ${PAGE} credits a page (max_pages, default 1).`,
    outputSchema: rowsOutput({ type: 'object' }, { complete: { type: 'boolean' } }),
    worstCaseDefault: PAGE,
    scales: { argument: 'max_pages', credits: PAGE, most: MAX_PAGES, unit: 'page' },
    worstCase: (args: ScanArgs) => PAGE * (args.max_pages ?? 1),
    async run({ odds, held }, args: ScanArgs) {
      const allowance = PAGE * (args.max_pages ?? 1);
      let scan: EventScan;
      if (args.continuation !== undefined) {
        const state = held.take(args.continuation, 'scan', 'events_scan').state as EventScanState;
        scan = odds.events.resumeScan({ ...state, maxCredits: state.credits + allowance }, { maxRetries: 0 });
      } else {
        const { starts_from, starts_to, sport_id, league_id } = args;
        const filters = {
          starts_from: starts_from as string,
          starts_to: starts_to as string,
          ...(sport_id ? { sport_id } : {}),
          ...(league_id ? { league_id } : {}),
        };
        scan = odds.events.scan(filters, { maxCredits: allowance, maxRetries: 0 });
      }
      const before = scan.state.credits;
      const rows: Event[] = [];
      try {
        for await (const page of scan.pages()) rows.push(...page.data);
      } catch (error) {
        if (!(error instanceof BudgetExceededError && error.limit === 'scanMaxCredits')) throw error;
      }
      const { state } = scan;
      const out: Json = { rows, count: rows.length, complete: state.done && !state.incomplete, credits: state.credits - before };
      if (!state.done)
        out['next'] = { tool: 'events_scan', arguments: { continuation: held.hold({ kind: 'scan', tool: 'events_scan', state }) } };
      return out;
    },
  },
);
