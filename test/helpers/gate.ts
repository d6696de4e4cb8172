/** An explicit gate: a promise the test opens when it chooses (instead of a guessed delay). */
export interface Gate {
  /** Settles when `open()` is called. */
  readonly opened: Promise<void>;
  open(): void;
}

/**
 * A gate for holding a request in flight (`mock.faults.inject({ route, hold: gate.opened })`).
 *
 * @example
 * const gate = newGate();
 * mock.faults.inject({ route: 'events.odds', hold: gate.opened });
 * const pending = call(mock, path);
 * await vi.waitFor(() => expect(mock.ledger()[0]?.reserved).toBeGreaterThan(0));
 * gate.open();
 */
export function newGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets every pending callback of the event loop run once (a macrotask turn), without waiting on the clock. */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
