/**
 * The mock's state document (docs/testing.md, "Snapshots and forks"): everything a request or a test changed, as plain JSON,
 * versioned. One schema is its codec: `mock.snapshot()` writes it, `restore()`, `createMockService({ state })`, the
 * standalone server's `--state` file and `PUT /__admin/state` read it through `parseStateDocument`.
 */
import * as z from 'zod/mini';
import { APIKeyScopes, ACCOUNT_STATUSES, RequestGuidanceMessage } from '../../../src/schemas';
import { AppliedFaultView, FaultView } from '../faults';

/** Documents the mock made and nobody can have changed (a fork's, or a frozen `snapshot()`): loaded without parsing them again. */
const ownDocuments = new WeakSet<object>();

/** Marks a document the mock made and keeps to itself as one `parseStateDocument` need not check. */
export function ownDocument(doc: StateDocument): StateDocument {
  ownDocuments.add(doc);
  return doc;
}

/**
 * A document the mock made, frozen through and through so that nobody can change it, and so marked as one
 * `parseStateDocument` need not check (`mock.snapshot()`: restoring it costs no parse). Its objects are its own.
 */
export function frozenDocument(doc: StateDocument): Readonly<StateDocument> {
  const freeze = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  };
  freeze(doc);
  return ownDocument(doc);
}

/** What the document's `format` says, so that another JSON file is never taken for one. */
export const STATE_FORMAT = 'sports-odds-mock-state';
/** The document's version: one of another version is refused, saying what to do. */
export const STATE_VERSION = 1;

const ms = z.number().check(z.int());
const count = z.number().check(z.int(), z.gte(0));
const text = z.string();
const nullable = <T extends z.ZodMiniType>(t: T) => z.nullable(t);

/** A sealed replayable answer (AES-GCM under a key derived from the exact credential): base64. */
const Sealed = z.object({ iv: text, data: text });
const ReplaySlot = z.object({ usedAt: nullable(ms), replay: z.optional(z.object({ answer: Sealed, until: ms })) });

const Window = z.object({ startsAt: ms, resetsAt: ms, limit: count, used: count });
const Charge = z.object({ requestId: text, routeId: text, keyId: text, cost: count, at: ms });

const Account = z.object({
  id: text,
  email: text,
  status: z.enum(ACCOUNT_STATUSES),
  plan: text,
  createdAt: ms,
  recovery: z.object({ verified: z.boolean(), verifiedAt: nullable(ms), generation: count }),
  verificationSentAt: nullable(ms),
  meter: z.object({
    period: Window,
    daily: Window,
    charges: z.array(Charge),
    charged: count,
    creditsByDay: z.array(z.object({ day: ms, credits: count })),
  }),
  rate: z.object({ second: ms, count }),
});

const Key = z.object({
  id: text,
  accountId: text,
  name: text,
  prefix: text,
  scopes: APIKeyScopes,
  status: z.enum(['active', 'revoked']),
  createdAt: ms,
  lastUsedAt: nullable(ms),
  revokedAt: nullable(ms),
  /** SHA-256 of the key: never its plaintext. */
  hash: text,
});

const Token = z.object({
  hash: text,
  at: ms,
  kind: z.enum(['recovery', 'verification']),
  accountId: text,
  email: text,
  generation: count,
  expiresAt: ms,
  slot: ReplaySlot,
});

const Checkout = z.object({
  id: text,
  at: ms,
  email: text,
  plan: text,
  status: z.enum(['open', 'complete', 'closed']),
  resumeHash: text,
  claimHash: text,
  accountId: z.optional(text),
  createdAt: ms,
  claim: ReplaySlot,
});

const Issue = z.object({
  endpoint: text,
  status: count,
  errorCode: text,
  failures: count,
  chargedFailures: count,
  chargedCredits: count,
  lastSeenAt: ms,
});
const Day = z.object({
  day: ms,
  requests: count,
  successful: count,
  failed: count,
  chargedFailures: count,
  chargedFailureCredits: count,
  totalLatencyMs: count,
  issues: z.array(Issue),
});
const Failure = z.object({
  requestId: text,
  accountId: text,
  keyId: text,
  endpoint: text,
  status: count,
  errorCode: z.optional(text),
  chargedCredits: count,
  metered: z.boolean(),
  latencyMs: count,
  occurredAt: ms,
});

/** A fixture-based override (the control plane's static answer or error). */
const Override = z.object({
  id: text,
  route: text,
  kind: z.enum(['answer', 'error']),
  detail: z.unknown(),
  params: z.optional(z.record(text, z.unknown())),
  /** Requests it still answers; null until removed. */
  remaining: nullable(count),
});

const Activity = z.object({
  request_id: text,
  atMs: ms,
  startedAt: ms,
  method: text,
  route: nullable(text),
  status: count,
  error_code: nullable(text),
  cost: count,
  metered: z.boolean(),
  account: nullable(text),
  /** The request detail as the control plane shows it (secrets already masked). */
  detail: z.object({
    target: text,
    headers: z.readonly(z.array(z.object({ name: text, value: text }))),
    key: nullable(z.object({ id: text, name: text, prefix: text })),
    fault: nullable(AppliedFaultView),
    override: nullable(z.object({ id: text, kind: z.enum(['resolver', 'answer', 'error']) })),
    dropped: z.boolean(),
  }),
});

/** The mock's state document, version 1. */
export const StateDocument = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  /** The dataset's seed: a document loads only into a mock of the same seed. */
  seed: text,
  clock: z.object({ now: ms, frozen: z.boolean() }),
  /** The HMAC secret of live cursors, base64: cursors issued before a snapshot still verify after its restore. */
  cursorSecret: text,
  /** A deterministic mock's draws from its seed so far (docs/testing.md, "Replays that repeat"): a restore continues the sequence. */
  random: z.optional(z.object({ drawn: count })),
  /** What could not be serialized and was left out (function overrides, a fault held by a test's gate), one line each. */
  omitted: z.array(text),
  accounts: z.array(Account),
  keys: z.array(Key),
  tokens: z.array(Token),
  outbox: z.array(z.object({ to: text, kind: z.enum(['recovery', 'verification']), link: text, sent_at: text })),
  checkouts: z.array(Checkout),
  checkoutCookies: z.array(z.object({ hash: text, session: text, at: ms })),
  challenges: z.array(z.object({ hash: text, action: text, hostname: text, at: ms })),
  rotations: z.array(z.object({ nonceHash: text, oldKeyId: text, expiresAt: ms, at: ms, answer: Sealed })),
  recoveries: z.array(z.object({ email: text, at: ms })),
  guidance: z.array(z.object({ accountId: text, message: RequestGuidanceMessage })),
  health: z.array(z.object({ accountId: text, days: z.array(Day), failures: z.array(Failure) })),
  /** Armed faults in the control plane's words (`GET /__admin/faults`), none a test's gate holds. */
  faults: z.object({ sequence: count, armed: z.array(FaultView) }),
  overrides: z.object({ next: count, armed: z.array(Override) }),
  addedEvents: z.object({
    revision: count,
    events: z.array(z.object({ eventId: ms, revision: count, addedAt: ms, spec: z.unknown() })),
  }),
  activity: z.object({ recorded: count, entries: z.array(Activity) }),
  /** The visible answer cache (`X-Cache`): what a cached answer says was fixed when it was stored. */
  cache: z.array(z.object({ key: text, text, rows: count, truncated: z.boolean(), at: ms })),
});
/** The state document of `mock.snapshot()` (docs/testing.md, "Snapshots and forks"): what the mocks entry exports as `MockState`. */
export interface MockState extends z.infer<typeof StateDocument> {}
export type StateDocument = MockState;

/** A refusal of a state document: what is wrong and what to do, the document never changed. */
export class StateDocumentError extends RangeError {
  override name = 'StateDocumentError';
}

/**
 * The document of `input` (parsed JSON), or a `StateDocumentError` saying why not: not a state document, another version (what
 * to do), or a malformed field (its path).
 *
 * @example
 * parseStateDocument(JSON.parse(text)); // StateDocument
 */
export function parseStateDocument(input: unknown): StateDocument {
  if (typeof input === 'object' && input !== null && ownDocuments.has(input)) return input as StateDocument;
  const head = typeof input === 'object' && input !== null ? (input as { format?: unknown; version?: unknown }) : undefined;
  if (head?.format !== STATE_FORMAT) throw new StateDocumentError(`not a mock state document: its "format" is not "${STATE_FORMAT}"`);
  if (head.version !== STATE_VERSION)
    throw new StateDocumentError(
      `a state document of version ${JSON.stringify(head.version)}, and this mock reads version ${STATE_VERSION}: load it with the mock that saved it, or start without it (the file is kept as it is)`,
    );
  const parsed = z.safeParse(StateDocument, input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new StateDocumentError(
    `a malformed state document: ${issue ? `${issue.path.join('.') || 'the document'}: ${issue.message}` : 'invalid'}`,
  );
}
