import * as z from 'zod/mini';
import type { ServiceContext } from '../contract';
import { appliedFaultFromWire, ArmedFaultWire } from '../faults';
import { createState, type ServiceState } from '../state';
import { randomSource } from '../state/random';
import type { CheckoutSession } from '../state/checkouts';
import type { ReplaySlot } from '../state/replay';
import { sealedOf } from '../state/sealed';
import { staticResolver } from '../use/static';
import { type StateDocument, StateDocumentError } from './document';

const slotOf = (slot: StateDocument['tokens'][number]['slot']): ReplaySlot =>
  slot.replay === undefined
    ? { usedAt: slot.usedAt }
    : { usedAt: slot.usedAt, replay: { answer: sealedOf(slot.replay.answer), until: slot.replay.until } };

/**
 * A fresh state of `service`'s bounds holding what `doc` holds (docs/testing.md, "Snapshots and forks"); the service itself is
 * not touched, so a refusal (`StateDocumentError`: another seed, a plan or route this mock lacks, a store past its bound)
 * changes nothing.
 */
export function loadState(doc: StateDocument, service: ServiceContext): ServiceState {
  if (doc.seed !== service.data.seed)
    throw new StateDocumentError(
      `the state was saved by a mock of seed ${JSON.stringify(doc.seed)}, and this mock's seed is ${JSON.stringify(service.data.seed)}: start it with that seed`,
    );
  try {
    return fill(doc, service);
  } catch (error) {
    if (error instanceof StateDocumentError) throw error;
    throw new StateDocumentError(`the state cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function fill(doc: StateDocument, service: ServiceContext): ServiceState {
  // A deterministic mock goes on drawing where the saved one stood: the restored mock answers the rest as the original would.
  const state = createState(service.options.bounds, randomSource(service.options, 'state', doc.random?.drawn ?? 0));
  state.accounts.load(doc.accounts, service.options.plans);
  state.keys.load(doc.keys);
  for (const t of doc.tokens) {
    const { hash, at, slot, ...record } = t;
    state.tokens.restore(hash, { ...record, ...slotOf(slot) }, at);
  }
  for (const message of doc.outbox) state.outbox.restore(message);
  for (const c of doc.checkouts) {
    const { at, claim, accountId, ...rest } = c;
    const session: CheckoutSession = { ...rest, ...(accountId === undefined ? {} : { accountId }), claim: slotOf(claim) };
    state.checkouts.restore(session, at);
  }
  for (const c of doc.checkoutCookies) state.checkouts.restoreCookie(c.hash, c.session, c.at);
  for (const c of doc.challenges) state.challenges.restore(c.hash, c, c.at);
  for (const r of doc.rotations)
    state.rotations.restore(r.nonceHash, { oldKeyId: r.oldKeyId, expiresAt: r.expiresAt, answer: sealedOf(r.answer) }, r.at);
  for (const q of doc.recoveries) state.recoveries.push({ ...q });
  for (const g of doc.guidance) state.guidance.add(g.accountId, { ...g.message });
  state.health.load(doc.health);
  state.faults.restore(
    doc.faults.sequence,
    doc.faults.armed.map((f) => z.decode(ArmedFaultWire, f)),
  );
  state.overrides.restore(
    doc.overrides.next,
    doc.overrides.armed.map((o) => {
      if (service.handlers[o.route] === undefined)
        throw new StateDocumentError(`its override ${o.id} answers ${o.route}, which this mock does not register`);
      return {
        id: o.id,
        routeId: o.route,
        kind: o.kind,
        detail: o.detail,
        params: o.params,
        // Its own copy: the answer it gives is the pipeline's to serialize, never a frozen snapshot's.
        resolve: staticResolver(o.kind, structuredClone(o.detail)),
        remaining: o.remaining ?? Number.POSITIVE_INFINITY,
        bytes: 2 * JSON.stringify(o.detail ?? null).length,
      };
    }),
  );
  const routeOf = (id: string) => service.routes.find((r) => r.id === id);
  const entries = doc.activity.entries.map((e) => ({
    ...e,
    detail: { ...e.detail, fault: e.detail.fault === null ? null : appliedFaultFromWire(e.detail.fault) },
  }));
  state.activity.restore({ recorded: doc.activity.recorded, entries }, routeOf);
  for (const c of doc.cache) state.cache.set(c.key, { text: c.text, rows: c.rows, truncated: c.truncated }, c.at);
  return state;
}
