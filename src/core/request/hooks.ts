/**
 * Runs hooks in order; a hook that throws fails the call.
 *
 * @example
 * await runHooks(options.hooks.beforeRequest, info);
 */
export async function runHooks<T>(hooks: ReadonlyArray<(info: T) => void | Promise<void>> | undefined, info: T): Promise<void> {
  if (!hooks) return;
  for (const hook of hooks) await hook(info);
}
