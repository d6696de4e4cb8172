import * as z from 'zod/mini';
import type { ServiceContext } from '../contract';
import { appliedFaultToWire, ArmedFaultWire } from '../faults';
import { sealedText, toBase64 } from '../state/sealed';
import type { ReplaySlot } from '../state/replay';
import { STATE_FORMAT, STATE_VERSION, type StateDocument } from './document';

/** A credential's single use as the document holds it: a use still in progress is saved as unused (its request is not in it). */
const slotOf = (slot: ReplaySlot): StateDocument['tokens'][number]['slot'] =>
  slot.replay === undefined
    ? { usedAt: slot.pending === undefined ? slot.usedAt : null }
    : { usedAt: slot.usedAt, replay: { answer: sealedText(slot.replay.answer), until: slot.replay.until } };

/**
 * The state document of a service at this instant (docs/testing.md, "Snapshots and forks"): every store a request or a test
 * changes, read synchronously, so that no request lands half in it. Keys as their SHA-256, never a plaintext; what cannot be
 * serialized (a resolver function, a test's gate) is named in `omitted`. Answer caches are left out: they are recomputed.
 */
export function saveState(service: ServiceContext, cursorSecret: Uint8Array): StateDocument {
  const { state, clock } = service;
  const now = clock.now();
  const omitted: string[] = [];
  const faults = state.faults.saved();
  for (const f of faults.held) omitted.push(`fault ${f.id} (${f.route}): held by a test's gate (hold), which only lives in its process`);
  const overrides: StateDocument['overrides']['armed'] = [];
  for (const o of state.overrides.list()) {
    if (o.kind === 'resolver') {
      omitted.push(`override ${o.id} (${o.routeId}): a resolver function (mock.use), which cannot be serialized`);
      continue;
    }
    overrides.push({
      id: o.id,
      route: o.routeId,
      kind: o.kind,
      detail: structuredClone(o.detail),
      ...(o.params === undefined ? {} : { params: { ...o.params } }),
      remaining: Number.isFinite(o.remaining) ? o.remaining : null,
    });
  }
  const checkouts = state.checkouts.saved(now);
  const activity = state.activity.saved(now);
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    seed: service.data.seed,
    clock: { now, frozen: clock.frozen },
    cursorSecret: toBase64(cursorSecret),
    ...(state.random.seeded ? { random: { drawn: state.random.drawn } } : {}),
    omitted,
    accounts: state.accounts.save(),
    keys: state.keys.save(),
    tokens: state.tokens.saved(now).map(({ hash, at, record }) => ({
      hash,
      at,
      kind: record.kind,
      accountId: record.accountId,
      email: record.email,
      generation: record.generation,
      expiresAt: record.expiresAt,
      slot: slotOf(record),
    })),
    outbox: state.outbox.messages(now).map((m) => ({ ...m })),
    checkouts: checkouts.sessions.map(({ session, at }) => ({
      id: session.id,
      at,
      email: session.email,
      plan: session.plan,
      status: session.status,
      resumeHash: session.resumeHash,
      claimHash: session.claimHash,
      ...(session.accountId === undefined ? {} : { accountId: session.accountId }),
      createdAt: session.createdAt,
      claim: slotOf(session.claim),
    })),
    checkoutCookies: checkouts.cookies,
    challenges: state.challenges.saved(now),
    rotations: state.rotations.saved(now).map(({ nonceHash, record, at }) => ({
      nonceHash,
      oldKeyId: record.oldKeyId,
      expiresAt: record.expiresAt,
      at,
      answer: sealedText(record.answer),
    })),
    recoveries: state.recoveries.saved(),
    guidance: state.guidance.saved().map(({ accountId, message }) => ({ accountId, message: { ...message } })),
    health: state.health.save(),
    faults: { sequence: faults.sequence, armed: faults.armed.map((f) => z.encode(ArmedFaultWire, f)) },
    overrides: { next: state.overrides.next, armed: overrides },
    addedEvents: structuredClone(service.data.added.saved()),
    cache: state.cache.saved(now),
    activity: {
      recorded: activity.recorded,
      // A test's gate is a promise: the detail says the fault was held, as the control plane does.
      entries: activity.entries.map((entry) => ({
        ...entry,
        detail: { ...entry.detail, fault: entry.detail.fault === null ? null : appliedFaultToWire(entry.detail.fault) },
      })),
    },
  };
}
