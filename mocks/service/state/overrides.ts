/** One override of a route's answer (`mock.use`, `POST /__admin/overrides`). */
export interface Override {
  readonly id: string;
  readonly routeId: string;
  /** Answers in place of the handler; the context is the route's decoded request (mocks/service/use/run.ts). */
  resolve(ctx: never): unknown;
  /** Only requests with these path parameters; undefined for all. */
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly kind: 'resolver' | 'answer' | 'error';
  /** The static answer or error of a control-plane override, for its listing. */
  readonly detail: unknown;
  /** Requests it still answers (`Infinity`: until removed). */
  remaining: number;
  /** The bytes of its static answer or error (a control-plane override's JSON), 0 for a resolver: counted against `MAX_OVERRIDE_BYTES`. */
  readonly bytes: number;
}

/** Overrides armed at once, at most. */
export const MAX_OVERRIDES = 1_000;
/** The static answers and errors of the armed overrides together, at most (each a request body of up to 64 KiB). */
const MAX_OVERRIDE_BYTES = 8 * 1024 * 1024;

/**
 * The overrides of route answers, the most recent first (it wins over older ones of the same
 * route, as MSW's `server.use` does), each for a number of requests or until removed.
 */
export class OverrideStore {
  #list: Override[] = [];
  #next = 1;
  #bytes = 0;

  /** Arms an override; refuses a 1,001st, or one whose static answer would pass `MAX_OVERRIDE_BYTES` (`RangeError`). */
  add(init: Omit<Override, 'id'>): Override {
    if (this.#list.length >= MAX_OVERRIDES)
      throw new RangeError(`at most ${MAX_OVERRIDES} overrides can be armed at once: remove some, or reset`);
    if (this.#bytes + init.bytes > MAX_OVERRIDE_BYTES)
      throw new RangeError(
        `the armed overrides' answers take at most ${MAX_OVERRIDE_BYTES / 1024 / 1024} MiB together: remove some, or reset`,
      );
    const override: Override = { ...init, id: `ovr_${this.#next++}` };
    this.#list.unshift(override);
    this.#bytes += override.bytes;
    return override;
  }

  /** Bytes of the armed overrides' static answers and errors. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The override that answers this request, if any, counted as used. */
  take(routeId: string, params: Readonly<Record<string, unknown>>): Override | undefined {
    const index = this.#list.findIndex((o) => o.routeId === routeId && matches(o.params, params));
    if (index === -1) return undefined;
    const override = this.#list[index] as Override;
    override.remaining -= 1;
    if (override.remaining <= 0) this.#drop(index);
    return override;
  }

  /** Removes one override; false when it is not armed (used up, or removed already). */
  remove(id: string): boolean {
    const index = this.#list.findIndex((o) => o.id === id);
    if (index === -1) return false;
    this.#drop(index);
    return true;
  }

  /** Removes every override; how many there were. */
  clear(): number {
    const n = this.#list.length;
    this.#list = [];
    this.#bytes = 0;
    return n;
  }

  #drop(index: number): void {
    const [dropped] = this.#list.splice(index, 1);
    this.#bytes -= dropped?.bytes ?? 0;
  }

  /** The number the next override's id takes. */
  get next(): number {
    return this.#next;
  }

  /** Puts saved overrides back into an empty store (the most recent first, as `list()` gives them), their ids kept. */
  restore(next: number, overrides: readonly Override[]): void {
    this.#list = [...overrides];
    this.#bytes = overrides.reduce((sum, o) => sum + o.bytes, 0);
    this.#next = next;
  }

  /** The armed overrides, the most recent first. */
  list(): readonly Override[] {
    return this.#list;
  }
}

const matches = (wanted: Readonly<Record<string, unknown>> | undefined, params: Readonly<Record<string, unknown>>): boolean =>
  wanted === undefined || Object.entries(wanted).every(([name, value]) => params[name] === value);
