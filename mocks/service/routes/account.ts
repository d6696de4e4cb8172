import { type Account, DAYS_DEFAULT, type Usage } from '../../../src/schemas';
import type { OperationContextOf, OperationResultOf } from '../contract';
import { utcDayStart } from '../state/meter';
import { quotaOf } from '../state/quota';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days of a report window ending today, oldest first. */
export function reportDays(days: number, now: number): number[] {
  const today = utcDayStart(now);
  return Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY_MS);
}

/** `GET /v1/account`: the record of docs/service.md's "Account and key routes", with windows that agree with metering at this moment. */
export function getAccount(ctx: OperationContextOf<'account.get'>): OperationResultOf<'account.get'> {
  const { account } = ctx.caller!;
  const now = ctx.service.clock.now();
  const body: Account = {
    email: account.email,
    status: account.status,
    plan: {
      slug: account.plan.slug,
      name: account.plan.name,
      daily_credit_limit: account.plan.dailyCredits,
      rate_limit_rps: account.plan.rateLimitRps,
    },
    quota: quotaOf(account.meter.view('period', now), account.meter.view('daily', now)),
    recovery_email: {
      verified: account.recovery.verified,
      verified_at: account.recovery.verifiedAt === null ? null : new Date(account.recovery.verifiedAt).toISOString(),
    },
  };
  return { status: 200, body };
}

/** `GET /v1/account/usage`: requests and credits per UTC day, zero-filled (docs/service.md, "Account and key routes"). */
export function getUsage(ctx: OperationContextOf<'account.usage'>): OperationResultOf<'account.usage'> {
  const { account } = ctx.caller!;
  const now = ctx.service.clock.now();
  const days = reportDays(ctx.query.days ?? DAYS_DEFAULT, now);
  const from = days[0]!;
  const requests = new Map(ctx.service.state.health.days(account.id, from).map((t) => [t.day, t.requests]));
  const series = days.map((day) => ({ date: isoDay(day), requests: requests.get(day) ?? 0, credits: account.meter.creditsOn(day) }));
  const body: Usage = { days: days.length, from: isoDay(from), to: isoDay(days[days.length - 1]!), series };
  return { status: 200, body };
}
