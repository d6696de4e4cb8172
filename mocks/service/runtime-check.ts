/** The lowest Node.js the package supports (package.json `engines`). */
const MIN_NODE = [22, 12] as const;

interface RuntimeGlobals {
  process?: { versions?: { node?: string } };
  Bun?: unknown;
  Deno?: unknown;
}

/**
 * Why this runtime cannot run the mock, or undefined when it can. Only Node itself is checked: Bun
 * and Deno report a Node version of their compatibility layer, and browsers and workers have none.
 *
 * @example
 * unsupportedRuntime({ process: { versions: { node: '20.20.2' } } }); // 'needs Node.js >= 22.12 ...'
 */
export function unsupportedRuntime(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string | undefined {
  const version = globals.process?.versions?.node;
  if (version === undefined || globals.Bun !== undefined || globals.Deno !== undefined) return undefined;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  return (
    `needs Node.js >= ${MIN_NODE.join('.')}, and this is Node.js ${version}: ` +
    'msw 3 cannot intercept requests on it, so every call would fail as a connection error. Upgrade Node.js.'
  );
}

/** Throws at import on a Node.js older than the package supports, naming the version it needs. */
export function assertSupportedRuntime(what: string): void {
  const problem = unsupportedRuntime();
  if (problem !== undefined) throw new Error(`${what} ${problem}`);
}
