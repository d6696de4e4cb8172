/** createMockService: the whole service as MSW handlers, over one state and one clock. */
import { assertSupportedRuntime } from './runtime-check';
import { http, type HttpHandler } from 'msw/http';
import * as z from 'zod/mini';
import {
  ACCOUNT_STATUSES,
  APIKeyScopes,
  RequestGuidanceMessage,
  routeList,
  type AccountStatus,
  type ApiKey,
  type KnownErrorCode,
  type QuotaWindow,
  type RouteId,
} from '../../src/schemas';
import { isoTrimmed } from '../../src/schemas/instant-text';
import { createServiceClock, type Clock } from './clock';
import type { ServiceContext } from './contract';
import { createDataset, type Dataset, type EventSpec } from './data';
import { checkServiceOptions, DEFAULT_DEMO_EMAIL, resolveOptions, type MockServiceOptions } from './options';
import { checkEmail, checkNames, checkOneOf, checkText, refuse } from './input-checks';
import { handleRequest } from './request-path';
import { registerContext } from './internal';
import { describeIssues } from './pipeline/input';
import { createRegistry } from './registry';
import { createState } from './state';
import { newApiKey, newId, sha256Hex } from './state/crypto';
import { randomSource } from './state/random';
import type { OutboxMessage } from './state/outbox';
import type { ActivityEntry } from './state/activity';
import { refuseTakenAddress, startCheckout } from './routes/checkout';
import { KEY_LIMIT_MESSAGE } from './routes/keys';
import { RECOVERY_ACTION, resolveRecoveryQueue } from './routes/recovery';
import { type ArmedFault, checkFault, type FaultSpec } from './faults';
import { GUIDANCE_FIELD_MAX } from './state/guidance';
import { keyView } from './state/keys';
import type { Charge } from './state/meter';
import { checkAccountInit, planOf, provisionAccount, type AccountInit } from './actions/provision';
import type { Override } from './state/overrides';
import { armOverride } from './use/arm';
import { frozenDocument, type MockState, ownDocument, parseStateDocument, type StateDocument } from './snapshot/document';
import { loadState } from './snapshot/load';
import { saveState } from './snapshot/save';
import { fromBase64 } from './state/sealed';
import { type MockError, mockError } from './use/error';
import type { Resolver, UseOptions } from './use/types';

assertSupportedRuntime('sports-odds-data/mocks');

/** One account's metering, as the ledger shows it. */
export interface LedgerEntry {
  email: string;
  /** The most recent charges, oldest first: at most 10,000 per account and 90 days old (docs/mock-server.md). */
  charges: Charge[];
  /** Every credit ever charged to the account, exact even once old charges have left `charges`. */
  charged: number;
  /** Credits reserved by requests still running. */
  reserved: number;
  period: QuotaWindow;
  daily: QuotaWindow;
}

/** An account as the control plane shows it: its keys' inventory records, never a key or its hash. */
export interface MockAccount {
  email: string;
  status: AccountStatus;
  /** The plan's slug (`trial`, `starter`, `pro`). */
  plan: string;
  /** When the account was created, in ms on the mock's clock. */
  createdAt: number;
  recoveryEmailVerified: boolean;
  /** Its keys as `GET /v1/account/keys` lists them (revoked ones included, within their bounds). */
  keys: ApiKey[];
}

/** An event a test added, as `mock.data.added()` lists it. */
export interface AddedEventSummary {
  event_id: number;
  sport_id: number;
  league_id: number;
  runner_home: string;
  runner_away: string;
  /** Kickoff, RFC 3339. */
  starts: string;
  /** The spec it was added with, its id and kickoff written out (`starts` for a `minute`): given again, it adds the same event. */
  spec: EventSpec;
}

/** Events of the dataset chosen by a test (docs/testing.md). */
export interface MockData {
  /**
   * Adds an event (teams, kickoff, lifecycle, price timelines) every route serves like a generated one.
   * Returns its id (the spec's, or the next free from 9,000,001); an id added again is replaced; an
   * invalid spec throws a `RangeError` naming its path.
   *
   * @example
   * const id = mock.data.addEvent({
   *   sport_id: 29, runner_home: 'Harbor City', runner_away: 'Northfield', minute: -120,
   *   markets: [{ market: 'moneyline', prices: [{ at: -1440, odds: [2.1, 3.4, 3.6] }, { at: -30, odds: [1.9, 3.5, 4.2] }] }],
   * });
   */
  addEvent(spec: EventSpec): number;
  /** Removes an added event; false when there is none with this id. */
  removeEvent(eventId: number): boolean;
  /** The added events, in kickoff order. */
  added(): AddedEventSummary[];
}

/** The mock service and the handles tests need. */
export interface MockService {
  /** MSW handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Where the service answers. */
  readonly baseUrl: string;
  /**
   * The service's one clock: it only moves forward (a `RangeError` otherwise), except that until the mock
   * first uses it after creation or `reset()`, it may be set to any instant from the start. Reading it uses nothing.
   */
  readonly clock: Clock;
  /** Plaintext key of the demo account (both scopes, verified recovery mailbox). */
  readonly apiKey: string;
  /** E-mail of the demo account. */
  readonly demoEmail: string;
  /**
   * Resolves once the demo key is hashed and the cursor secret made; requests wait for it, so awaiting it is never required,
   * but for `snapshot()` and `fork()` of a new mock (they throw until it resolves).
   */
  readonly ready: Promise<void>;
  /** Answers one request without MSW: `new SportsOdds({ fetch: mock.fetch })` needs no interception. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Creates an account (listed at once) and its primary key (both scopes), given once hashed; a refusal adds nothing. */
  createAccount(init: AccountInit): Promise<{ email: string; apiKey: string }>;
  /** Creates a further key for an account, in the state the call was made in; refuses a sixth active key (`RangeError`). */
  createKey(
    email: string,
    init?: { name?: string | undefined; scopes?: APIKeyScopes | undefined },
  ): Promise<{ id: string; apiKey: string }>;
  /** Revokes a key at once, as `POST /v1/account/keys/{id}/revoke` does, and returns its record (`RangeError` for an unknown id). */
  revokeKey(keyId: string): ApiKey;
  /** Changes an account's status, plan or mailbox at once (a new mailbox resets its recovery authority); a refusal changes nothing. */
  updateAccount(
    email: string,
    change: { status?: AccountStatus | undefined; plan?: string | undefined; email?: string | undefined },
  ): Promise<void>;
  /** Injects faults and latency into a route's next requests; lists, removes or clears the armed ones. */
  readonly faults: { inject(spec: FaultSpec): ArmedFault; list(): ArmedFault[]; remove(id: string): boolean; clear(): void };
  /** Every account with its keys' inventory records. */
  accounts(): MockAccount[];
  /** The metering ledger of every account. */
  ledger(): LedgerEntry[];
  /** The most recent answers of the service (1,000 within an hour of mock time), oldest first: route, status, code, cost, latency. */
  requests(): ActivityEntry[];
  /** Every e-mail the service sent (recovery and verification links), once queued recoveries are resolved. */
  outbox(): Promise<OutboxMessage[]>;
  /** Issues a single-use bot-challenge token for `action` on `hostname` (default: the public hostname). */
  issueChallenge(init?: { action?: string | undefined; hostname?: string | undefined }): Promise<string>;
  /** Starts a checkout for a new customer: the session id and its resume and claim tokens. */
  startCheckout(init: {
    email: string;
    plan?: string | undefined;
  }): Promise<{ session_id: string; resume_token: string; claim_token: string }>;
  /** Marks a checkout paid, at once (the promise rejects for an unknown session). */
  completeCheckout(sessionId: string): Promise<void>;
  /** Adds an active support guidance message shown in an account's request health, at once (the promise rejects with a `RangeError` when malformed). */
  addGuidance(init: {
    email: string;
    title: string;
    body: string;
    endpoint?: string | undefined;
    error_code?: string | undefined;
    expires_at?: string | undefined;
  }): Promise<RequestGuidanceMessage>;
  /** Events chosen by the test: `mock.data.addEvent(spec)`. */
  readonly data: MockData;
  /**
   * Answers a route with `resolver` in place of its handler; the rest of the pipeline (auth, rate window,
   * charge, headers, envelope) still applies. The resolver returns the route's success body or throws
   * `mock.error(code)`; a body breaking the route's schema is answered `422 fixture_invalid`. Lasts until
   * disposed, `reset()`, or `{ once }` / `{ times }`; `{ params }` narrows it. Returns the disposer.
   *
   * @example
   * mock.use('events.odds', ({ params }) => [fixtures.oddsSnapshot({ event_id: params.event_id, odds1: 2.5 })], { once: true });
   */
  use<Id extends RouteId>(routeId: Id, resolver: Resolver<Id>, options?: UseOptions<Id>): () => void;
  /**
   * The error a resolver throws for its route to answer it in the service's envelope (a code the
   * route can answer; `Retry-After` 1 for `rate_limited` unless given).
   *
   * @example
   * mock.use('events.odds', () => { throw mock.error('not_found', 'no such event') }, { once: true });
   */
  error(code: KnownErrorCode, message?: string, options?: { retryAfter?: number | undefined }): MockError;
  /**
   * Back to the seeded state (accounts, keys, meters, caches, faults, added events, overrides); the clock
   * stays, but may be set back to the mock's start. Synchronous like MSW's `resetHandlers()`, so no `await`
   * is needed; returns `ready`. A request already running finishes in the state it started in.
   *
   * @example
   * beforeEach(() => {
   *   mock.reset();
   *   mock.use('events.odds', () => [fixtures.oddsSnapshot({ odds1: 2.5 })]);
   * });
   */
  reset(): Promise<void>;
  /**
   * The state document of this instant (docs/testing.md, "Snapshots and forks"): plain JSON, versioned, every account, key hash
   * (never a plaintext key), window, charge, token, checkout, message, fault, static override, added event, request-health
   * tally and answer of the activity log, and the clock. What cannot be serialized is named in its `omitted`: every `mock.use`
   * resolver and a fault armed with `hold`. The document is frozen, its objects its own: restoring it needs no check, and parsed
   * JSON of it (a copy, a file) is checked as it is restored.
   *
   * @example
   * const saved = mock.snapshot();
   * await runTheSetUp(mock);
   * mock.restore(saved); // back where it stood, the clock too
   */
  snapshot(): Readonly<MockState>;
  /**
   * Puts back the state of a document (`snapshot()`, or parsed JSON of one) at once, the clock at its instant (a restore is not
   * a move of the clock, so it may go back). Refused (`RangeError`, the mock unchanged) for a document of another version or
   * seed, or one naming a plan or route this mock lacks. Returns `ready`: requests wait for it, as after `reset()`.
   */
  restore(state: unknown): Promise<void>;
  /**
   * An independent mock with this mock's state at this instant: its own accounts, credits, faults, overrides and clock, its own
   * `fetch` and `handlers`; what either does never reaches the other. It answers at this mock's base URL unless given
   * another (tests that share one `setupServer` give each fork its own). Its `apiKey` is this mock's.
   *
   * @example
   * const fork = mock.fork();
   * const odds = new SportsOdds({ apiKey: fork.apiKey, baseUrl: fork.baseUrl, fetch: fork.fetch });
   */
  fork(options?: { baseUrl?: string | undefined }): MockService;
}

export type { MockState } from './snapshot/document';

/** The added events a fork's document came from: the fork shares their compiled events rather than compile them again. */
const forkSources = new WeakMap<StateDocument, Dataset['added']>();
const forkOf = (doc: StateDocument, added: Dataset['added']): StateDocument => {
  forkSources.set(doc, added);
  return doc;
};

/** A spec that adds the same event whenever it is given again: its id, and its kickoff as an instant rather than a minute of now. */
function repostable(spec: EventSpec, eventId: number, starts: number): EventSpec {
  const { minute: _minute, ...rest } = spec;
  return { ...structuredClone(rest), event_id: eventId, starts: isoTrimmed(starts) };
}

/**
 * Creates the mock service.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * const mock = createMockService({ now: '2026-11-21T12:00:00Z' });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * const res = await fetch(`${mock.baseUrl}/v1/catalog/sports`, {
 *   headers: { Authorization: `Bearer ${mock.apiKey}` },
 * });
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  checkServiceOptions(options, 'createMockService()');
  // What a fork is made with: never the starting state, which the mock would otherwise hold for its lifetime.
  const { state: initialState, ...forkOptions } = options;
  const resolved = resolveOptions(options);
  const demo = options.demoAccount ?? {};
  const demoEmail = demo.email ?? DEFAULT_DEMO_EMAIL;
  // The demo key and the cursor secret come from a stream of their own: a reset starts the state's stream again, never theirs.
  const setup = randomSource(resolved, 'setup');
  const demoKey = demo.apiKey ?? newApiKey(setup);
  const time = createServiceClock(options.now ?? Date.now(), Date.now, 'now');
  const service: ServiceContext = {
    options: resolved,
    clock: time.clock,
    rateNow: time.rateNow,
    state: createState(resolved.bounds, randomSource(resolved, 'state')),
    data: createDataset(resolved.seed),
    handlers: createRegistry(new Set(resolved.billingPortal ? ['billing.portal'] : [])),
    routes: routeList,
    ready: Promise.resolve(),
    cursorSecret: undefined,
  };

  // The cursor secret is made once: a reset keeps it (cursors carry their issue time on the clock); a restore brings its own.
  let cursorBytes: Uint8Array<ArrayBuffer> = setup.bytes(32);
  const useCursorSecret = (bytes: Uint8Array<ArrayBuffer>) => {
    cursorBytes = bytes;
    service.cursorSecret = undefined;
    return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']).then((key) => {
      if (cursorBytes === bytes) service.cursorSecret = key;
    });
  };
  // A mock made from a state takes the document's secret instead.
  let secret = initialState === undefined ? useCursorSecret(cursorBytes) : Promise.resolve();
  let demoHash: string | undefined;
  /** Seeds the demo account at once (its key too once hashed); the promise waits for that first hash and the cursor secret. */
  const seed = (at: number): Promise<void> => {
    const demoAccount = provisionAccount(
      service,
      { email: demoEmail, plan: demo.plan ?? 'pro', status: demo.status ?? 'active', recoveryEmailVerified: true, apiKey: demoKey },
      at,
      demoHash,
    );
    // Once the demo key's hash is known, a reset seeds everything before it returns.
    return Promise.all([demoAccount, secret]).then(([{ key }]) => {
      demoHash = key.hash;
    });
  };
  // The demo account exists from the mock's starting instant, before the clock can be read (a mock made from a state has its own).
  /** Whether the demo key is in the state: its first hash is made asynchronously (a reset after it seeds at once). */
  let seeded = initialState !== undefined;
  if (!seeded)
    service.ready = seed(time.start).then(() => {
      seeded = true;
    });
  /** The document of this instant, once the demo key is in the state (a snapshot without it would lose it). */
  const save = (owner: string): StateDocument => {
    if (!seeded) throw new Error(`${owner}: the mock is still hashing its demo key: await mock.ready first`);
    return saveState(service, cursorBytes);
  };

  /** Puts a document's state in place of the service's, all or nothing: every refusal comes before the first change. */
  const restore = (input: unknown): Promise<void> => {
    let doc: StateDocument;
    try {
      doc = parseStateDocument(input);
      const state = loadState(doc, service);
      const source = forkSources.get(doc);
      if (source !== undefined) service.data.added.shareFrom(source);
      else service.data.added.restore(doc.addedEvents);
      service.state = state;
    } catch (error) {
      throw error instanceof RangeError ? new RangeError(`mock.restore(): ${error.message}`) : error;
    }
    time.restoreTo(doc.clock.now, doc.clock.frozen);
    secret = useCursorSecret(fromBase64(doc.cursorSecret));
    service.ready = secret;
    return service.ready;
  };

  const accountOf = (email: string) => {
    const account = service.state.accounts.findByEmail(email);
    if (!account) throw new RangeError(`no account ${email}`);
    return account;
  };

  const fetchOne = (input: RequestInfo | URL, init?: RequestInit) =>
    handleRequest(input instanceof Request && init === undefined ? input : new Request(input, init), service);
  // A prefix test, not an msw pattern: msw's matcher throws on URLs over 8,192 chars, which need our own 4xx.
  const apiPrefix = `${new URL(resolved.baseUrl).href.replace(/\/+$/, '')}/v1/`;
  const mock: MockService = {
    handlers: [
      http.all(
        ({ request }) => request.url.startsWith(apiPrefix),
        ({ request }) => fetchOne(request),
      ),
    ],
    baseUrl: resolved.baseUrl,
    clock: time.handle,
    apiKey: demoKey,
    demoEmail,
    get ready() {
      return service.ready;
    },
    fetch: fetchOne,
    async createAccount(init) {
      checkAccountInit('mock.createAccount()', init);
      refuseTakenAddress(service, init.email);
      if (init.plan !== undefined) planOf(service, init.plan);
      const { account, apiKey } = await provisionAccount(service, init);
      return { email: account.email, apiKey };
    },
    async createKey(email, init = {}) {
      const { name, scopes } = checkNames<{ name?: unknown; scopes?: unknown }>('mock.createKey()', init, ['name', 'scopes']);
      if (name !== undefined) checkText('name', name);
      if (scopes !== undefined && !z.safeParse(APIKeyScopes, scopes).success)
        refuse('scopes', scopes, 'a list of data:read, account:manage');
      // The key joins the state the call was made in, even if a reset comes while its hash is made.
      const { keys } = service.state;
      const account = accountOf(email);
      const plaintext = newApiKey(service.state.random);
      // Wait for the demo key (service.ready): a key made before must not come first nor slip past the limit.
      const [hash] = await Promise.all([sha256Hex(plaintext), service.ready]);
      // Checked right before the synchronous insert, as the route does.
      if (keys.atKeyLimit(account.id)) throw new RangeError(KEY_LIMIT_MESSAGE);
      const record = keys.insert(
        { accountId: account.id, name: init.name ?? 'Key', scopes: init.scopes ?? ['data:read'], now: service.clock.now() },
        plaintext,
        hash,
      );
      return { id: record.id, apiKey: plaintext };
    },
    revokeKey(keyId) {
      const record = service.state.keys.get(keyId);
      if (!record) throw new RangeError(`no key ${keyId}`);
      service.state.keys.revoke(record, service.clock.now());
      return keyView(record);
    },
    async updateAccount(email, change) {
      const given = checkNames<typeof change>('mock.updateAccount()', change, ['status', 'plan', 'email']);
      if (given.status !== undefined) checkOneOf('status', given.status, ACCOUNT_STATUSES);
      if (given.email !== undefined) checkEmail('email', given.email);
      const account = accountOf(email);
      // Every refusal comes before the first change, so a refused update changes nothing.
      const plan = change.plan === undefined ? undefined : planOf(service, change.plan);
      const newEmail = change.email !== undefined && change.email.toLowerCase() !== account.email.toLowerCase() ? change.email : undefined;
      if (newEmail !== undefined) refuseTakenAddress(service, newEmail);
      if (plan !== undefined) service.state.accounts.changePlan(account, plan);
      if (change.status !== undefined) account.status = change.status;
      if (newEmail !== undefined) service.state.accounts.changeEmail(account, newEmail);
    },
    faults: {
      inject(spec) {
        const { route, count, fault } = checkFault(spec, routeList);
        return service.state.faults.add(route.id, fault, count);
      },
      list: () => service.state.faults.list(),
      remove: (id) => service.state.faults.remove(id),
      clear: () => service.state.faults.clear(),
    },
    accounts: () =>
      service.state.accounts.all().map((account) => ({
        email: account.email,
        status: account.status,
        plan: account.plan.slug,
        createdAt: account.createdAt,
        recoveryEmailVerified: account.recovery.verified,
        keys: service.state.keys.ofAccount(account.id).map(keyView),
      })),
    ledger() {
      const now = service.clock.now();
      return service.state.accounts.all().map((account) => {
        const period = account.meter.view('period', now);
        return {
          email: account.email,
          charges: account.meter.charges.toArray(),
          charged: account.meter.charged,
          reserved: period.in_flight,
          period,
          daily: account.meter.view('daily', now),
        };
      });
    },
    requests: () => service.state.activity.list(service.clock.now()),
    async outbox() {
      await service.ready;
      await resolveRecoveryQueue(service);
      return service.state.outbox.messages(service.clock.now()).map((m) => ({ ...m }));
    },
    async issueChallenge(init = {}) {
      checkNames('mock.issueChallenge()', init, ['action', 'hostname']);
      const hostname = init.hostname ?? new URL(resolved.publicOrigin).hostname;
      return service.state.challenges.issue(init.action ?? RECOVERY_ACTION, hostname, service.clock.now());
    },
    startCheckout: async (init) => {
      const given = checkNames<typeof init>('mock.startCheckout()', init, ['email', 'plan']);
      checkEmail('email', given.email);
      return startCheckout(service, { email: given.email, plan: given.plan ?? 'trial' });
    },
    async completeCheckout(sessionId) {
      const session = service.state.checkouts.get(sessionId, service.clock.now());
      if (!session) throw new RangeError(`no checkout ${sessionId}`);
      if (session.status === 'open') session.status = 'complete';
    },
    async addGuidance(init) {
      checkNames('mock.addGuidance()', init, ['email', 'title', 'body', 'endpoint', 'error_code', 'expires_at']);
      const account = accountOf(init.email);
      for (const field of ['endpoint', 'error_code'] as const) {
        const value = init[field];
        if (typeof value === 'string' && value.length > GUIDANCE_FIELD_MAX[field])
          throw new RangeError(`guidance ${field}: at most ${GUIDANCE_FIELD_MAX[field]} characters, not ${value.length}`);
      }
      const now = new Date(service.clock.now()).toISOString();
      const parsed = z.safeParse(RequestGuidanceMessage, {
        id: newId(service.state.random, 'gdn_'),
        title: init.title,
        body: init.body,
        status: 'active',
        created_by: 'support',
        created_at: now,
        updated_at: now,
        ...(init.endpoint === undefined ? {} : { endpoint: init.endpoint }),
        ...(init.error_code === undefined ? {} : { error_code: init.error_code }),
        ...(init.expires_at === undefined ? {} : { expires_at: init.expires_at }),
      });
      if (!parsed.success) throw new RangeError(describeIssues(parsed.error, 'guidance'));
      service.state.guidance.add(account.id, parsed.data);
      return parsed.data;
    },
    data: {
      addEvent: (spec) => service.data.added.add(spec, service.clock.now()).eventId,
      removeEvent: (eventId) => service.data.added.remove(eventId),
      added: () =>
        service.data.added.list().map((e) => ({
          event_id: e.eventId,
          sport_id: e.sport.sportId,
          league_id: e.league.leagueId,
          runner_home: e.home,
          runner_away: e.away,
          starts: isoTrimmed(e.starts),
          spec: repostable(service.data.added.specOf(e.eventId) as EventSpec, e.eventId, e.starts),
        })),
    },
    use(routeId, resolver, options = {}) {
      if (typeof resolver !== 'function') refuse(`mock.use('${String(routeId)}') resolver`, resolver, 'a function');
      checkNames(`mock.use('${String(routeId)}') options`, options, ['once', 'times', 'params']);
      const store = service.state.overrides;
      let override: Override;
      try {
        override = armOverride(service, { routeId, resolve: resolver as never, kind: 'resolver', ...options });
      } catch (error) {
        throw error instanceof RangeError ? new RangeError(`mock.use: ${error.message}`) : error;
      }
      // Bound to this store: after a reset, disposing an old override never touches a new one.
      return () => void store.remove(override.id);
    },
    error: mockError,
    snapshot: () => frozenDocument(save('mock.snapshot()')),
    restore,
    fork(given = {}) {
      checkNames('mock.fork()', given, ['baseUrl']);
      return createMockService({
        ...forkOptions,
        ...(given.baseUrl === undefined ? {} : { baseUrl: given.baseUrl }),
        demoAccount: { ...demo, apiKey: demoKey },
        state: forkOf(ownDocument(save('mock.fork()')), service.data.added),
      });
    },
    reset() {
      service.data.added.clear();
      // A deterministic mock's state draws its ids from the start of their sequence again, as a new mock's.
      service.state = createState(resolved.bounds, randomSource(resolved, 'state'));
      // Nothing is stamped later than the seeded state's start now: the clock may go back that far.
      time.restart();
      service.ready = seed(time.start);
      return service.ready;
    },
  };
  registerContext(mock, service);
  if (initialState !== undefined) {
    try {
      void restore(initialState);
    } catch (error) {
      throw error instanceof RangeError ? new RangeError(error.message.replace('mock.restore()', 'createMockService({ state })')) : error;
    }
  }
  return mock;
}
