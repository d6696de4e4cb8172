import { contextOf } from '../../../service/internal';
import { notFound } from '../../../service/service-refusal';
import type { ActivityEntry } from '../../../service/state/activity';
import { appliedFault } from '../views';
import type { Handlers } from './types';

/** Whether an answer's status is the one asked for: exact (`503`) or its class (`5xx`). */
const statusMatches = (status: number, wanted: string) =>
  wanted.endsWith('xx') ? String(status).startsWith(wanted[0] as string) : String(status) === wanted;

/** The operations on the latest answers of the service (`mock.requests()`) and their detail. */
export const requestHandlers = {
  'requests.list': (mock, { query }) => {
    const { limit, route, status, account } = query;
    const entries = mock
      .requests()
      .filter(
        (e: ActivityEntry) =>
          (route === undefined || e.route === route) &&
          (status === undefined || statusMatches(e.status, status)) &&
          (account === undefined || e.account?.toLowerCase() === account.toLowerCase()),
      );
    return limit === undefined ? entries : entries.slice(-limit);
  },
  'requests.summary': (mock) => {
    const service = contextOf(mock);
    const { activity } = service.state;
    const { recorded, kept } = activity.counts(service.clock.now());
    return { recorded, kept, max_age_ms: activity.bounds.maxAgeMs, max_count: activity.bounds.maxCount };
  },
  'requests.get': (mock, { params }) => {
    const service = contextOf(mock);
    const found = service.state.activity.find(params.id, service.clock.now());
    if (!found)
      throw notFound('no answer with this request id in the log (it keeps an hour of mock time, and the most recent answers only)');
    const { headers, fault, ...entry } = found;
    return { ...entry, answer_headers: [...headers], fault: fault ? appliedFault(fault) : null };
  },
} satisfies Partial<Handlers>;
