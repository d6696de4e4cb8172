import type * as z from 'zod/mini';
import type { MockService } from '../../service/mock-service';

/**
 * Control-plane operations (`/__admin`, docs/mock-server.md), declared like the service's routes; the
 * dispatch, JSON index, console and in-process handle checks all read them.
 */

type ControlMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The dotted names of the functions of a handle object, arrays and promises left out (`faults.inject`). */
type FunctionPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[] | PromiseLike<unknown>
      ? never
      : T[K] extends object
        ? FunctionPaths<T[K], `${Prefix}${K}.`>
        : never;
}[keyof T & string];

/** The in-process handles of `createMockService()`, by dotted name: an operation can only name one that exists. */
type HandleName = FunctionPaths<MockService>;

type Schema = z.ZodMiniType;

/** One operation of the control plane. */
export interface OperationDef<
  P extends Schema = Schema,
  Q extends Schema | null = Schema | null,
  B extends Schema | null = Schema | null,
  A extends Schema = Schema,
> {
  /** Stable identifier, `group.action`: the console calls operations by it. */
  id: string;
  method: ControlMethod;
  /** Path under `/__admin` (`''` for `/__admin` itself), with `{name}` for a path segment. */
  path: string;
  /** One line for people: what it does. */
  summary: string;
  /** The in-process handles of `createMockService()` it mirrors (`faults.inject` is `mock.faults.inject()`); none for some. */
  handles: readonly HandleName[];
  /** Path parameters, decoded from their percent-encoded segments. */
  params: P;
  /** Query parameters (unknown ones refused), or null for an operation that reads no query. */
  query: Q;
  /** JSON body (sent with `Content-Type: application/json`), or null for one that reads no body. */
  body: B;
  /** The largest body it reads, in bytes, when larger than a request body's 64 KiB (a state document). */
  bodyBytes?: number;
  status: 200 | 201;
  answer: A;
}

/** Declares an operation with its schema types kept precise. */
export const defineOperation = <
  const P extends Schema,
  const Q extends Schema | null,
  const B extends Schema | null,
  const A extends Schema,
>(
  operation: OperationDef<P, Q, B, A>,
): OperationDef<P, Q, B, A> => operation;

/** What an operation's handler receives: its decoded path parameters, query and body. */
export interface DecodedCall<Op extends OperationDef> {
  params: z.output<Op['params']>;
  query: Op['query'] extends Schema ? z.output<Op['query']> : undefined;
  body: Op['body'] extends Schema ? z.output<Op['body']> : undefined;
}

/**
 * What a client sends for an operation, as it travels: its path parameters as text, its query as
 * text (every name optional) and its JSON body; a part the operation does not take is left out.
 */
export type WireCall<Op extends OperationDef> = (string extends keyof z.input<Op['params']>
  ? unknown
  : { params: { [Name in keyof z.input<Op['params']>]: string } }) &
  (Op['query'] extends Schema ? { query?: z.input<Op['query']> } : unknown) &
  (Op['body'] extends Schema ? { body: z.input<Op['body']> } : unknown);

/** The JSON body of an operation's success. */
export type AnswerBody<Op extends OperationDef> = z.output<Op['answer']>;
