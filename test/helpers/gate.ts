import { onTestFinished } from 'vitest';

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
 * await until(() => mock.ledger()[0]!.reserved > 0);
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

/**
 * Waits until `condition()` holds, one event-loop turn at a time: it depends on what has happened,
 * not on how long it took, so a slow machine only takes more turns. No timer of its own: a condition
 * that never comes is ended by the test's timeout (and the loop stops with the test).
 *
 * @example
 * await until(() => mock.ledger()[0]!.reserved > 0);
 */
export async function until(condition: () => boolean): Promise<void> {
  let over = false;
  onTestFinished(() => {
    over = true;
  });
  while (!condition()) {
    if (over) throw new Error('the test ended before the condition held');
    await turn();
  }
}
