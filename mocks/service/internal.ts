import type { ServiceContext } from './contract';

/** The service context behind each mock service: for the standalone server, never public. */
const contexts = new WeakMap<object, ServiceContext>();

/** Records the context of a mock service handle. */
export function registerContext(handle: object, context: ServiceContext): void {
  contexts.set(handle, context);
}

/** The context of a mock service handle made by `createMockService`. */
export function contextOf(handle: object): ServiceContext {
  const context = contexts.get(handle);
  if (!context) throw new TypeError('not a mock service made by createMockService()');
  return context;
}
