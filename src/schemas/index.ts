/**
 * `sports-odds-data/schemas`: every zod schema of the service and the route table.
 * @packageDocumentation
 */
export * from './primitives';
export * from './query';
export * from './prices';
export * from './catalog';
export * from './events';
export * from './odds';
export * from './results';
export * from './props';
export * from './analytics';
export * from './account';
export * from './keys';
export * from './request-health';
export * from './credentials';
export * from './errors';
export * from './headers';
export * from './metering';
export * from './limits';
export * from './base64url';
export * from './route';
export * from './routes';
