import { fromBase64Url, LIVE_CURSOR_TTL_MS, toBase64Url, type EventsQuery } from '../../../src/schemas';
import type { DecodedQueryOf } from '../../../src/schemas/route-types';
import type { ServiceContext } from '../contract';
import { invalidParameters, ServiceRefusal } from '../service-refusal';
import { canonicalFilters } from './event-filters';

/*
 * The live-events cursor (docs/service.md, "Events"): base64url `<payload>.<HMAC-SHA-256>`, at most 1024
 * chars; the payload binds the filters' digest, kickoff snapshot, position, scanned count and issue time.
 * Valid five minutes on the mock clock.
 */

/** Where a live scan stands. */
export interface LiveCursorState {
  /** Kickoff snapshot: candidates are events that had kicked off by this instant. */
  readonly kickoff: number;
  /** The last candidate verified, in (starts, event id) order. */
  readonly position: { readonly starts: number; readonly eventId: number };
  /** Candidates verified by the scan so far (all pages). */
  readonly scanned: number;
  /** When this cursor was issued. */
  readonly issuedAt: number;
}

interface Payload {
  v: 1;
  /** Digest of the canonical filters. */
  f: string;
  k: number;
  p: [number, number];
  n: number;
  i: number;
}

const PREFIX = 'lc1.';
const FORMAT = /^[A-Za-z0-9_-]{1,900}\.[A-Za-z0-9_-]{43}$/;
const encoder = new TextEncoder();

const filtersDigest = async (query: EventsQuery): Promise<string> => {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(canonicalFilters(query)));
  return toBase64Url(new Uint8Array(hash).subarray(0, 16));
};

const isPayload = (value: unknown): value is Payload => {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const position = p['p'];
  return (
    p['v'] === 1 &&
    typeof p['f'] === 'string' &&
    [p['k'], p['n'], p['i']].every(Number.isSafeInteger) &&
    Array.isArray(position) &&
    position.length === 2 &&
    position.every(Number.isSafeInteger)
  );
};

/** Signs a cursor for the next page of a live scan. */
export async function encodeLiveCursor(query: EventsQuery, state: LiveCursorState, secret: CryptoKey): Promise<string> {
  const payload: Payload = {
    v: 1,
    f: await filtersDigest(query),
    k: state.kickoff,
    p: [state.position.starts, state.position.eventId],
    n: state.scanned,
    i: state.issuedAt,
  };
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign('HMAC', secret, encoder.encode(PREFIX + body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * Verifies a live query's `cursor` (signature, filters, age) at `now`; undefined without one.
 * @throws ServiceRefusal 400 `invalid_parameters` when malformed, altered, mismatched, expired or from after `now`.
 */
async function decodeLiveCursor(query: EventsQuery, secret: CryptoKey, now: number): Promise<LiveCursorState | undefined> {
  const { cursor } = query;
  if (cursor === undefined) return undefined;
  const invalid = invalidParameters('cursor is not a valid live cursor: pass X-Next-Cursor unchanged, or restart without a cursor');
  if (!FORMAT.test(cursor)) throw invalid;
  const [body = '', signature = ''] = cursor.split('.');
  let payload: unknown;
  try {
    const valid = await crypto.subtle.verify('HMAC', secret, fromBase64Url(signature), encoder.encode(PREFIX + body));
    if (!valid) throw invalid;
    payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
  } catch {
    throw invalid;
  }
  if (!isPayload(payload)) throw invalid;
  if (payload.f !== (await filtersDigest(query))) {
    throw invalidParameters('cursor does not match the original filters: repeat them unchanged with the cursor');
  }
  if (now - payload.i > LIVE_CURSOR_TTL_MS) {
    throw invalidParameters('cursor expired: a live cursor is valid for 5 minutes; restart the scan without a cursor');
  }
  // Only a cursor issued before a reset that set the clock back can come from later than now.
  if (payload.i > now)
    throw invalidParameters('cursor was issued after the current time (before a reset of the mock): restart the scan without a cursor');
  return { kickoff: payload.k, position: { starts: payload.p[0], eventId: payload.p[1] }, scanned: payload.n, issuedAt: payload.i };
}

/** Cursors already verified by the pipeline's input step, by the query object the handler receives. */
const verified = new WeakMap<object, LiveCursorState>();

/** Records a cursor verified before reservation, so the handler does not judge it again later. */
const rememberVerified = (query: object, state: LiveCursorState): void => {
  verified.set(query, state);
};

/** The cursor state of a query: the one verified before reservation, else verified now. */
export async function liveCursorOf(query: EventsQuery, secret: CryptoKey, now: number): Promise<LiveCursorState | undefined> {
  return verified.get(query) ?? (await decodeLiveCursor(query, secret, now));
}

/**
 * `events.list`'s input step, before reservation (a bad cursor is never charged): verifies the cursor and hands its state on.
 * @throws ServiceRefusal 400 `invalid_parameters` for a malformed, altered, mismatched or expired cursor.
 */
export async function prevalidateLiveCursor(input: { query: DecodedQueryOf<'events.list'> }, service: ServiceContext): Promise<void> {
  const { query } = input;
  if (query.cursor === undefined) return;
  const secret = service.cursorSecret;
  if (secret === undefined) throw new ServiceRefusal(503, 'temporarily_unavailable', 'the service is starting');
  const state = await decodeLiveCursor(query, secret, service.clock.now());
  if (state !== undefined) rememberVerified(query, state);
}
