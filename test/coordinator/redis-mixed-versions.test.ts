// A fleet mid-deploy: a process of the previous release (its scripts' text as it was, with its
// positional ARGV, test/coordinator/previous-scripts/) and a process of this one share one namespace
// in a real redis-server. The declared scripts keep the previous keys, ARGV order and reply layout,
// so each sees what the other did: the ledger, the pacing slots, the plan's rate, a clear, the answers.
// First, the layout itself: every declared script's ARGV, fed to the previous script's text, does
// what it does in the declared one, and its decoder reads the previous script's reply.
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../src/core/errors';
import type { StoredAnswer } from '../../src/core/types/cache';
import type { SharedPlace } from '../../src/core/types/shared-answers';
import { resolveAnswers } from '../../src/redis/answer-options';
import { RedisAnswers } from '../../src/redis/answer-store';
import { ScriptEvaluator } from '../../src/redis/evalsha';
import { namespaceKeys } from '../../src/redis/layout';
import { ANSWERS, COORDINATOR, keyList, type AnswerScriptName, type CoordinatorScriptName } from '../../src/redis/scripts';
import { useRedisServer } from '../helpers/redis-server';
import { metered, rejection, request } from './contract';
import * as PREVIOUS_ANSWERS from './previous-scripts/answer-lua';
import * as PREVIOUS from './previous-scripts/coordinator-lua';
import { freshNamespace, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);

/**
 * A process of the previous release running its coordinator's scripts: ARGV as its
 * `RedisCoordinator` wrote it (retention, lease, window, deadline, known epoch, first epoch, then
 * the script's own), its reply read by position (`{status, now, a, b, c, ...state, rate}`).
 */
function previousProcess(redis: Redis, namespace: string) {
  const scripts = new ScriptEvaluator(redis);
  const keys = namespaceKeys('sod', namespace);
  let epoch = '';
  return async (source: string, args: readonly (string | number)[]) => {
    const raw = (await scripts.evaluate(source, keys, [86_400_000, 10_000, 1000, '', epoch, 'previous-process', ...args])) as (
      | string
      | number
      | null
    )[];
    const [status, , a, b, c] = raw;
    const state = Object.fromEntries(PREVIOUS.STATE_FIELDS.map((name, i) => [name, raw[5 + i]]));
    epoch = String(state.epoch ?? '');
    return { status, a, b, c, state, rate: raw[5 + PREVIOUS.STATE_FIELDS.length] };
  };
}

/** The previous text of each declared script (a script added since has none). */
const PREVIOUS_TEXT: Partial<Record<CoordinatorScriptName, string>> = {
  admit: PREVIOUS.ADMIT,
  slot: PREVIOUS.SLOT,
  renew: PREVIOUS.RENEW,
  settle: PREVIOUS.SETTLE,
  release: PREVIOUS.RELEASE,
  read: PREVIOUS.READ,
  rate: PREVIOUS.RATE,
  lock: PREVIOUS.LOCK,
  relock: PREVIOUS.RELOCK,
  unlock: PREVIOUS.UNLOCK,
  publish: PREVIOUS.PUBLISH,
  rotationOf: PREVIOUS.ROTATION_OF,
  pending: PREVIOUS.PENDING,
  clear: PREVIOUS.CLEAR,
  recover: PREVIOUS.RECOVER,
};
const PREVIOUS_ANSWER_TEXT: Partial<Record<AnswerScriptName, string>> = {
  lookup: PREVIOUS_ANSWERS.LOOKUP,
  keep: PREVIOUS_ANSWERS.KEEP,
  release: PREVIOUS_ANSWERS.RELEASE,
  clear: PREVIOUS_ANSWERS.CLEAR,
};

/** A decoded reply without what depends on the moment it ran (Redis's clock, waits, the ledger's update time). */
function timeless(reply: object | undefined): unknown {
  expect(reply, 'a reply its decoder reads').toBeDefined();
  const { now: _now, waitMs: _wait, leftMs: _left, ...rest } = reply as Record<string, unknown>;
  const credits = rest.credits as { updatedAt?: Date } | undefined;
  if (credits !== undefined) rest.credits = { ...credits, updatedAt: credits.updatedAt === undefined ? undefined : 'set' };
  return rest;
}

describe("the declared scripts' keys, ARGV and replies are the previous scripts'", () => {
  it('coordinator: the same calls, by name, through the previous text and the declared one, give the same replies', async () => {
    const redis = fleet.inspector();
    const scripts = new ScriptEvaluator(redis);
    const [before, after] = [freshNamespace('layout-before'), freshNamespace('layout-after')];
    let epoch: string | undefined;
    const common = (deadline?: number) => ({
      retention: 86_400_000,
      lease: 10_000,
      window: 1000,
      deadline,
      knownEpoch: epoch,
      firstEpoch: 'e1',
    });
    const windows = {
      periodLimit: undefined,
      periodRemaining: undefined,
      periodReset: undefined,
      dailyLimit: undefined,
      dailyRemaining: undefined,
      dailyReset: undefined,
    };
    const reset = new Date(Date.now() + 86_400_000);
    const both = async <N extends CoordinatorScriptName>(
      name: N,
      args: Parameters<(typeof COORDINATOR)[N]['argv']>[1],
      deadline?: number,
    ) => {
      const script = COORDINATOR[name];
      const argv = (script.argv as (c: unknown, a: unknown) => string[])(common(deadline), args);
      const old = script.decode(await scripts.evaluate(PREVIOUS_TEXT[name]!, namespaceKeys('sod', before), argv));
      const declared = script.decode(await scripts.evaluate(script.source, namespaceKeys('sod', after), argv));
      expect(timeless(declared), name).toEqual(timeless(old));
      epoch = declared?.epoch ?? epoch;
      return declared!;
    };
    const admit = {
      envelope: undefined,
      maxCredits: undefined,
      dailyFloor: undefined,
      periodFloor: undefined,
      serviceNow: undefined,
      rate: undefined,
      listening: false,
    };
    expect(await both('admit', { ...admit, id: 'a', envelope: 5, maxCredits: 100, rate: 2 })).toMatchObject({ status: 'ok', taken: true });
    expect(
      await both('settle', {
        ...windows,
        id: 'a',
        held: true,
        cost: 3,
        periodLimit: 1000,
        periodRemaining: 990,
        periodReset: reset,
        retry: false,
      }),
    ).toMatchObject({
      credits: { spent: 3, meteredCalls: 1, reserved: 0, period: { limit: 1000, remaining: 990, reset } },
    });
    expect(await both('admit', { ...admit, id: 'b', envelope: 50, maxCredits: 10 })).toMatchObject({
      status: 'budget',
      limit: 'maxCredits',
      available: 7,
    });
    expect(await both('admit', { ...admit, id: 'c', envelope: 1, periodFloor: 995, serviceNow: Date.now() })).toMatchObject({
      status: 'budget',
      limit: 'periodFloor',
      available: -5,
    });
    expect(await both('admit', { ...admit, id: 'd', envelope: 1 }, 1)).toMatchObject({ status: 'late' });
    expect(await both('rate', { rate: 4, ttlMs: 3_600_000 })).toMatchObject({ shared: 4, rate: 4 });
    expect(await both('rate', { rate: undefined, ttlMs: 3_600_000 })).toMatchObject({ shared: 4 });
    expect(await both('slot', { id: 'e', rate: 1, listening: false })).toMatchObject({ status: 'ok', taken: false });
    await both('renew', { ids: ['e', 'a'] });
    await both('release', { id: 'e' });
    expect(await both('lock', { token: 't' })).toMatchObject({ taken: true });
    expect(await both('lock', { token: 'u' })).toMatchObject({ taken: false });
    expect(await both('relock', { token: 't' })).toMatchObject({ held: true });
    await both('unlock', { token: 't' });
    expect(await both('relock', { token: 't' })).toMatchObject({ held: false });
    expect(await both('publish', { field: 'f', sealed: 's', keyId: 'k', most: 64 })).toMatchObject({ generation: 1 });
    expect(await both('rotationOf', { field: 'f' })).toMatchObject({ sealed: 's', keyId: 'k' });
    await both('pending', { op: 'save', sealed: 'p', keyId: 'k2' });
    expect(await both('pending', { op: 'load', sealed: '', keyId: '' })).toMatchObject({ sealed: 'p', keyId: 'k2' });
    expect(await both('pending', { op: 'clear', sealed: '', keyId: '' })).toMatchObject({ sealed: undefined });
    expect(
      await both('recover', {
        ...windows,
        oldEpoch: 'e1',
        known: 3,
        anchored: 3,
        newEpoch: 'e2',
        periodLimit: 1000,
        periodRemaining: 990,
        periodReset: reset,
      }),
    ).toMatchObject({ status: 'ok' });
    await both('clear', { epoch: 'e3' });
    expect(await both('read', {})).toMatchObject({ epoch: 'e3', credits: { spent: 0 } });
    epoch = 'another';
    expect(await both('read', {})).toMatchObject({ status: 'lost', what: 'epoch' });
  });

  it('answers: the same calls, by name, through the previous text and the declared one, give the same replies', async () => {
    const redis = fleet.inspector();
    const scripts = new ScriptEvaluator(redis);
    const [before, after] = [freshNamespace('answers-before'), freshNamespace('answers-after')];
    const both = async <N extends AnswerScriptName>(name: N, digest: string, args: Parameters<(typeof ANSWERS)[N]['argv']>[1]) => {
      const script = ANSWERS[name];
      const run = async (source: string, namespace: string) => {
        const base = `sod:{${namespace}}:`;
        const keys = keyList(script.family, {
          index: `${base}answer-index`,
          totals: `${base}answer-totals`,
          clears: `${base}answer-clears`,
          clearIndex: `${base}answer-clear-index`,
          answer: `${base}answer:${digest}`,
          claim: `${base}answer-claim:${digest}`,
        });
        const argv = (script.argv as (c: unknown, a: unknown) => string[])({ prefix: `${base}answer:`, digest }, args);
        return script.decode(await scripts.evaluate(source, keys, argv));
      };
      const old = await run(PREVIOUS_ANSWER_TEXT[name]!, before);
      const declared = await run(script.source, after);
      const { now: _a, sentAt: _b, cleared: _c, ...rest } = (declared ?? {}) as Record<string, unknown>;
      const { now: _d, sentAt: _e, cleared: _f, ...restOld } = (old ?? {}) as Record<string, unknown>;
      expect(declared, name).toBeDefined();
      expect(rest, name).toEqual(restOld);
      return declared!;
    };
    const where = { route: 'events.odds', path: '/v1/events/1/odds', query: '' };
    const lookup = { ...where, readMs: 60_000, token: undefined, claimMs: 5000, holder: undefined };
    expect(await both('lookup', 'd1', { ...lookup, token: 'p.1' })).toMatchObject({ status: 'claimed' });
    expect(await both('lookup', 'd1', { ...lookup, token: 'p.2' })).toMatchObject({ status: 'wait', holder: 'p.1' });
    const keep = {
      ...where,
      sentAt: Date.now() - 10_000,
      ttlMs: 60_000,
      token: 'p.1',
      body: '{"t":"x"}',
      bytes: 2048,
      maxBytes: 1 << 20,
      handoffMs: 2000,
    };
    expect(await both('keep', 'd1', { ...keep, sentAt: 1, token: undefined })).toMatchObject({ status: 'expired' });
    expect(await both('keep', 'd1', keep)).toMatchObject({ status: 'kept', entries: 1, bytes: 2048 });
    expect(await both('lookup', 'd1', lookup)).toMatchObject({ status: 'hit', body: '{"t":"x"}' });
    expect(await both('keep', 'd2', { ...keep, token: undefined, bytes: 2 << 20 })).toMatchObject({ status: 'large' });
    expect(await both('lookup', 'd3', { ...lookup, token: 'p.3' })).toMatchObject({ status: 'claimed' });
    await both('release', 'd3', { token: 'p.3' });
    expect(await both('lookup', 'd3', { ...lookup, holder: 'p.3' })).toMatchObject({ status: 'gone' });
    expect(await both('clear', '', { selection: '*', most: 1000 })).toMatchObject({ status: 'cleared' });
    expect(await both('lookup', 'd1', lookup)).toMatchObject({ status: 'miss' });
    expect(await both('keep', 'd1', keep)).toMatchObject({ status: 'cleared' });
  });
});

describe('a namespace shared by a process of the previous scripts and one of the declared scripts', () => {
  it('keeps one ledger: reservations, spend, windows and budget refusals each sees of the other', async () => {
    const namespace = freshNamespace('mixed');
    const previous = previousProcess(fleet.inspector(), namespace);
    const [current] = fleet.handles(1, { namespace });
    // The previous process begins the record and reserves 5 credits (id, envelope, maxCredits, floors, serviceNow, rate, listening).
    expect((await previous(PREVIOUS.ADMIT, ['old-1', '5', '', '', '', '', '', ''])).status).toBe('ok');
    expect(await current!.readCredits()).toMatchObject({ reserved: 5, spent: 0 });
    // The current one records a call of 2 credits with its period window; the previous one reads it.
    const reset = new Date(Date.now() + 86_400_000);
    await current!.settle(
      await current!.admit(request({ envelope: 4 })),
      metered(2, { periodLimit: 1000, periodRemaining: 990, periodReset: reset }),
      Date.now(),
    );
    const read = await previous(PREVIOUS.READ, []);
    expect(read).toMatchObject({ status: 'ok', state: { spent: '2', calls: '1', reserved: '5', pl: '1000', pr: '990' } });
    expect(read.state.prs).toBe(String(reset.getTime()));
    // The previous one settles its call at 3 (id, held, cost, period and daily windows, retry).
    expect((await previous(PREVIOUS.SETTLE, ['old-1', '0', '3', '', '', '', '', '', '', '0'])).status).toBe('ok');
    expect(await current!.readCredits()).toMatchObject({ spent: 5, meteredCalls: 2, reserved: 0 });
    // Each refuses by the other's spend, naming the same limit.
    const refused = await previous(PREVIOUS.ADMIT, ['old-2', '4', '8', '', '', '', '', '']);
    expect(refused).toMatchObject({ status: 'budget', a: 'maxCredits', b: '3' });
    const error = await rejection(current!.admit(request({ envelope: 4, budget: { maxCredits: 8 } })), BudgetExceededError);
    expect(error).toMatchObject({ limit: 'maxCredits', available: 3 });
  });

  it('shares the pacing slots and the plan rate', async () => {
    const namespace = freshNamespace('mixed-pacing');
    const previous = previousProcess(fleet.inspector(), namespace);
    const [current] = fleet.handles(1, { namespace });
    await current!.rate.share(1);
    expect((await previous(PREVIOUS.RATE, ['', 3_600_000])).a).toBe('1');
    // The previous process takes the one slot; the current one is told to wait for it.
    expect(await previous(PREVIOUS.ADMIT, ['old-1', '', '', '', '', '', '1', ''])).toMatchObject({ status: 'ok', a: 1 });
    const waiting = current!.admit(request({ rate: 1 }));
    // It waits in line: the slot frees a window after the previous process's call is answered.
    await previous(PREVIOUS.SETTLE, ['old-1', '1', '', '', '', '', '', '', '', '0']);
    const admission = await waiting;
    // A Redis admission says whether it holds a slot.
    expect((admission as typeof admission & { slot: boolean }).slot).toBe(true);
    await current!.settle(admission, undefined, Date.now());
    // A higher rate the previous one shares, the current one reads.
    await previous(PREVIOUS.RATE, ['3', 3_600_000]);
    expect(await current!.rate.get()).toBe(3);
  });

  it('follows a clear by either: the other adopts the fresh record', async () => {
    const namespace = freshNamespace('mixed-clear');
    const previous = previousProcess(fleet.inspector(), namespace);
    const [current] = fleet.handles(1, { namespace });
    await current!.settle(await current!.admit(request({ envelope: 2 })), metered(2), Date.now());
    await previous(PREVIOUS.READ, []);
    expect((await previous(PREVIOUS.CLEAR, ['previous-epoch-2'])).state).toMatchObject({ spent: null, epoch: 'previous-epoch-2' });
    expect(await current!.readCredits()).toMatchObject({ spent: 0, reserved: 0 });
    await current!.settle(await current!.admit(request({ envelope: 1 })), metered(1), Date.now());
    await current!.clear();
    const after = await previous(PREVIOUS.READ, []);
    expect(after.status).toBe('ok');
    expect(after.state.spent ?? null).toBeNull();
  });
});

const place = (eventId: number): SharedPlace => ({
  url: `http://127.0.0.1:9/v1/events/${eventId}/odds`,
  routeId: 'events.odds',
  path: `/v1/events/${eventId}/odds`,
  query: '',
});

const answer = (p: SharedPlace, text: string): StoredAnswer => ({
  routeId: p.routeId,
  url: p.url,
  path: p.path,
  query: p.query,
  status: 200,
  headers: [['x-request-id', 'req_1']],
  text,
  sentAt: Date.now(),
  cost: 3,
});

async function digestOf(url: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(url)));
  return [...hash].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A process of the previous release running its answer store's scripts: KEYS and ARGV as its `RedisAnswers` wrote them. */
function previousAnswers(redis: Redis, namespace: string) {
  const scripts = new ScriptEvaluator(redis);
  const base = `sod:{${namespace}}:`;
  return async (source: string, digest: string, args: readonly (string | number)[]) => {
    const keys = [...['answer-index', 'answer-totals', 'answer-clears', 'answer-clear-index'].map((k) => base + k)];
    keys.push(`${base}answer:${digest}`, `${base}answer-claim:${digest}`);
    const [status, now, a, b, entries, bytes] = (await scripts.evaluate(source, keys, [`${base}answer:`, digest, ...args])) as unknown[];
    return { status, now, a, b, entries, bytes };
  };
}

describe("a namespace's answers shared by a process of the previous scripts and one of the declared scripts", () => {
  it('serves each the answers the other kept, and each honours the clears of the other', async () => {
    const namespace = freshNamespace('mixed-answers');
    const previous = previousAnswers(fleet.inspector(), namespace);
    const warnings: string[] = [];
    // A generous timeout: a Redis call that times out leaves the call uncached, which is not what is judged here.
    const options = resolveAnswers({ timeoutMs: 10_000 }, fleet.inspector())!;
    const current = new RedisAnswers(options, 'sod', namespace, (message) => warnings.push(message));
    const [p1, p2] = [place(1), place(2)];
    // The current process claims and keeps an answer; the previous one is served it (route, path, query, readMs, token, claimMs, holder).
    const first = await current.lookup(p1, 60_000, true, Date.now);
    expect(first.kind).toBe('fetch');
    await current.keep(p1, answer(p1, '{"data":[1]}'), 60_000, first.kind === 'fetch' ? first.claim : undefined, Date.now);
    const d1 = await digestOf(p1.url);
    const hit = await previous(PREVIOUS_ANSWERS.LOOKUP, d1, [p1.routeId, p1.path, p1.query, 60_000, '', 1000, '']);
    expect(hit).toMatchObject({ status: 'hit', entries: 1 });
    expect(JSON.parse(String(hit.b))).toMatchObject({ t: '{"data":[1]}' });
    // The previous one keeps an answer in the same body format; the current one is served it
    // (route, path, query, sentAt, ttl, token, body, bytes, maxBytes, handoff).
    const d2 = await digestOf(p2.url);
    const body = String(hit.b).replace('/events/1/', '/events/2/');
    const kept = await previous(PREVIOUS_ANSWERS.KEEP, d2, [
      p2.routeId,
      p2.path,
      p2.query,
      Number(hit.now),
      60_000,
      '',
      body,
      2048,
      1 << 26,
      2000,
    ]);
    expect(kept).toMatchObject({ status: 'kept', entries: 2 });
    const served = await current.lookup(p2, 60_000, false, Date.now);
    expect(served.kind === 'hit' && served.answer).toMatchObject({ text: '{"data":[1]}', url: p2.url, cost: 3 });
    expect(current.size()).toEqual({ entries: 2, bytes: Number(kept.bytes) });
    // A clear of the second answer's path by the current process: the previous one no longer serves it.
    const lookup2 = () => previous(PREVIOUS_ANSWERS.LOOKUP, d2, [p2.routeId, p2.path, p2.query, 60_000, '', 1000, '']);
    expect((await lookup2()).status).toBe('hit');
    current.clear({ routeId: p2.routeId, path: p2.path });
    await expect.poll(async () => (await lookup2()).status).toBe('miss');
    expect((await previous(PREVIOUS_ANSWERS.LOOKUP, d1, [p1.routeId, p1.path, p1.query, 60_000, '', 1000, ''])).status).toBe('hit');
    // A clear of everything by the previous process: the current one serves neither.
    expect((await previous(PREVIOUS_ANSWERS.CLEAR, '', ['*', 1000])).status).toBe('cleared');
    expect((await current.lookup(p1, 60_000, false, Date.now)).kind).toBe('fetch');
    expect((await current.lookup(p2, 60_000, false, Date.now)).kind).toBe('fetch');
    expect(warnings).toEqual([]);
  });
});
