import { say } from './message';
import type { Child } from './dom';

/** How the console runs what a person asks: the action, then a redraw from the control plane, then what came of it. */

/** What an action came to: a sentence, and what follows it (a key to copy). */
type Outcome = string | { text: string; extra: Child[] };

let redraw: () => Promise<void> = async () => {};

/** Sets what redraws the console (its refresh). */
export function onRedraw(fn: () => Promise<void>): void {
  redraw = fn;
}

/** Runs an action, redraws from the control plane, then says how it went (so the message comes with fresh data). */
export async function act(label: string, work: () => Promise<Outcome | undefined>): Promise<void> {
  let text: string;
  let kind: 'ok' | 'error';
  let extra: Child[] = [];
  try {
    const outcome = (await work()) ?? label;
    [text, extra] = typeof outcome === 'string' ? [outcome, []] : [outcome.text, outcome.extra];
    kind = 'ok';
  } catch (error) {
    text = `${label} failed: ${error instanceof Error ? error.message : String(error)}`;
    kind = 'error';
  }
  await redraw();
  say(text, kind, ...extra);
}
