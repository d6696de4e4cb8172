import * as z from 'zod/mini';
import { ACCOUNT_STATUSES, APIKeyScopes, EmailAddress, routeList } from '../../../src/schemas';
import { qIntRange } from '../../../src/schemas/query';
import type { EventSpec } from '../../service/data';
import { ErrorCode, RouteName } from '../../service/faults';

/** What the operations of the control plane read: path parameters, queries and JSON bodies (docs/mock-server.md). */

/** The format a clock instant is given in, said whenever one is refused. */
const INSTANT_FORMAT = 'an RFC 3339 date-time with its offset, such as 2026-11-22T00:00:00Z or 2026-11-22T01:00:00+01:00';

const Status = z.enum(ACCOUNT_STATUSES);

export const NoParams = z.strictObject({});
export const EmailParams = z.strictObject({ email: z.string() });
export const IdParams = z.strictObject({ id: z.string() });

export const ClockBody = z
  .strictObject({
    now: z.optional(z.iso.datetime({ offset: true, error: `must be ${INSTANT_FORMAT}` })),
    advance_ms: z.optional(z.int({ error: 'must be a whole number of milliseconds' })),
    frozen: z.optional(z.boolean({ error: 'must be true (stop the clock) or false (let it run)' })),
  })
  .check(
    z.refine((body) => body.now === undefined || body.advance_ms === undefined, {
      error: `give one of now (${INSTANT_FORMAT}) or advance_ms (milliseconds to move forward), not both`,
    }),
    z.refine((body) => body.now !== undefined || body.advance_ms !== undefined || body.frozen !== undefined, {
      error: `give now (${INSTANT_FORMAT}), advance_ms (milliseconds to move forward) or frozen (true or false)`,
    }),
  );

export const AccountBody = z.strictObject({
  email: EmailAddress,
  plan: z.optional(z.string()),
  status: z.optional(Status),
  recovery_email_verified: z.optional(z.boolean()),
});

export const AccountPatch = z.strictObject({ status: z.optional(Status), email: z.optional(EmailAddress), plan: z.optional(z.string()) });

export const KeyBody = z.strictObject({
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  scopes: z.optional(APIKeyScopes),
});

export const ChallengeBody = z.strictObject({
  action: z.optional(z.string().check(z.minLength(1))),
  hostname: z.optional(z.string().check(z.minLength(1))),
});

export const CheckoutBody = z.strictObject({ email: EmailAddress, plan: z.string() });

/** A fault to arm: the fault codec's body, decoded into what `mock.faults.inject()` takes. */
export { FaultBody } from '../../service/faults';

export const GuidanceBody = z.strictObject({
  email: EmailAddress,
  title: z.string(),
  body: z.string(),
  endpoint: z.optional(z.string()),
  error_code: z.optional(z.string()),
  expires_at: z.optional(z.iso.datetime({ offset: true })),
});

/** The latest requests: the last `limit`, of a route, a status (`503`) or class (`5xx`), an account. */
export const RequestsQuery = z.strictObject({
  limit: z.optional(qIntRange(1, 1_000)),
  route: z.optional(z.string().check(z.refine((r) => routeList.some((route) => route.id === r), 'must be a route id of the route table'))),
  status: z.optional(z.string().check(z.regex(/^[1-5](?:\d\d|xx)$/, 'must be a status such as 503, or a class such as 5xx'))),
  account: z.optional(z.string().check(z.minLength(1))),
});

/** An event spec as JSON: `mock.data.addEvent()` checks it and names the path of what it refuses. */
export const EventBody = z.custom<EventSpec>();

export const OverrideBody = z.strictObject({
  route: RouteName,
  answer: z.optional(z.unknown()),
  error: z.optional(
    z.strictObject({
      code: ErrorCode,
      message: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
      retry_after: z.optional(z.int().check(z.positive())),
    }),
  ),
  once: z.optional(z.boolean()),
  times: z.optional(z.int().check(z.positive())),
  params: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
});
