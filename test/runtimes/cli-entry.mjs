// Entry of the scenario in the runtimes that run a file from the command line (Node, Bun, Deno):
// prints the runtime it ran on and the scenario's result as one `RESULT {json}` line, then returns
// without exiting explicitly: the harness checks that the process ends on its own, as a user's
// script would (a leaked handle that keeps the event loop alive fails the run).
import { runScenario } from './scenario.mjs';

const runtime = globalThis.Deno
  ? `Deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`
  : globalThis.Bun
    ? `Bun ${globalThis.Bun.version} (${globalThis.Bun.revision.slice(0, 9)})`
    : `Node ${globalThis.process.version}`;

const result = await runScenario();
console.log(`RESULT ${JSON.stringify({ runtime, ...result })}`);
