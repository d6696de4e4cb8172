/**
 * The parent's side of test/cache/children/answer-worker.ts (its bundle made by `buildWorker` of
 * test/fleet/harness.ts): forks a worker and asks it over IPC. For test/cache/redis-fleet.test.ts
 * and bench/cache.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AnswerWorkerConfig, FromAnswerWorker, LoopStats, Served, ToAnswerWorker } from './answer-worker';

/** One process of the fleet. */
export interface AnswerChild {
  proc: ChildProcess;
  ask(events: number[], maxAge?: number | null): Promise<Served[]>;
  loop(seconds: number, users: number, events: number[], maxAge: number | null, pauseMs?: number): Promise<LoopStats>;
  stats(): Promise<Extract<FromAnswerWorker, { kind: 'stats' }>>;
  close(): Promise<void>;
}

/** The next message of a kind from a worker. */
function next<K extends FromAnswerWorker['kind']>(proc: ChildProcess, kind: K): Promise<Extract<FromAnswerWorker, { kind: K }>> {
  return new Promise((done, fail) => {
    const onMessage = (message: FromAnswerWorker) => {
      if (message.kind !== kind) return;
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      done(message as Extract<FromAnswerWorker, { kind: K }>);
    };
    const onExit = (code: number | null, signal: string | null) => {
      proc.off('message', onMessage);
      fail(new Error(`the child exited (${code ?? signal}) before '${kind}'`));
    };
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

/** Forks a worker with `config` from the bundle at `bundle`; resolves once it is ready. */
export async function forkAnswerWorker(bundle: string, config: AnswerWorkerConfig): Promise<AnswerChild> {
  const proc = fork(bundle, [], {
    env: { ...process.env, ANSWER_WORKER: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await next(proc, 'ready');
  const tell = (message: ToAnswerWorker) => proc.send(message);
  return {
    proc,
    async ask(events, maxAge = null) {
      const asked = next(proc, 'asked');
      tell({ kind: 'ask', events, maxAge });
      const { served } = await asked;
      for (const s of served) if ('error' in s) throw new Error(`event ${s.event}: ${s.error}`);
      return served as Served[];
    },
    loop(seconds, users, events, maxAge, pauseMs = 20) {
      const looped = next(proc, 'looped');
      tell({ kind: 'loop', seconds, users, events, maxAge, pauseMs });
      return looped.then((m) => m.stats);
    },
    stats() {
      const stats = next(proc, 'stats');
      tell({ kind: 'stats' });
      return stats;
    },
    close: () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return done();
        proc.once('exit', () => done());
        proc.disconnect();
      }),
  };
}
