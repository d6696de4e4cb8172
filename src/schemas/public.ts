/**
 * `sports-odds-data/schemas`: every zod schema of the service and the route table.
 * @packageDocumentation
 */
export * from './index';
