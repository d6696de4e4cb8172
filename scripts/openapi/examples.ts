import type { RouteId } from '../../src/schemas';
import type { Exchange } from './traffic';

/** Where a parameter goes. */
export type ParameterPlace = 'path' | 'query' | 'header';

const isSuccess = (e: Exchange) => e.answer.status < 300;

/**
 * The examples of the document, all taken from the recorded traffic of the seeded mock: a
 * parameter's value and a body from the operation's successful requests, an answer from its
 * answers of that status (the shortest that is not an empty list, so the document stays readable).
 */
export class Examples {
  constructor(private readonly exchanges: readonly Exchange[]) {}

  private of(routeId: RouteId): Exchange[] {
    return this.exchanges.filter((e) => e.routeId === routeId);
  }

  /** A parameter's wire value in the first successful request that has it. */
  parameter(routeId: RouteId, place: ParameterPlace, name: string): string {
    for (const { request } of this.of(routeId).filter(isSuccess)) {
      const value =
        place === 'path'
          ? request.params[name]
          : place === 'query'
            ? request.query.find(([n]) => n === name)?.[1]
            : Object.entries(request.headers).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
      if (value !== undefined) return value;
    }
    throw new Error(
      `openapi: the traffic has no successful ${routeId} request with the ${place} parameter ${name}: send one in ${routeId}'s entry of SUCCESSES (scripts/openapi/traffic/successes.ts)`,
    );
  }

  /** The body of the first successful request. */
  requestBody(routeId: RouteId): unknown {
    const exchange = this.of(routeId).find((e) => isSuccess(e) && e.request.body !== undefined);
    if (!exchange)
      throw new Error(
        `openapi: the traffic has no successful ${routeId} request with a body: send one in ${routeId}'s entry of SUCCESSES (scripts/openapi/traffic/successes.ts)`,
      );
    return JSON.parse(exchange.request.body!);
  }

  /**
   * An answer with this status (and, for an error, one of these codes) of the first of the routes that has one: an error
   * component shared by several operations shows its first operation's answer (in the table's order), so an operation added
   * later in the table never changes it.
   */
  answer(routeIds: readonly RouteId[], status: number, codes?: readonly string[]): Exchange {
    for (const routeId of routeIds) {
      const candidates = this.of(routeId).filter(
        (e) =>
          e.answer.status === status &&
          (codes === undefined || codes.includes((JSON.parse(e.answer.text) as { error: { code: string } }).error.code)),
      );
      const informative = candidates.filter((e) => e.answer.text !== '[]');
      const [shortest] = (informative.length > 0 ? informative : candidates).sort((a, b) => a.answer.text.length - b.answer.text.length);
      if (shortest) return shortest;
    }
    throw new Error(`openapi: the traffic has no ${status} answer of ${routeIds.join(', ')}`);
  }

  /** A header's value in the first answer that carries it, among these answers (by default the first operation's, in the table's order). */
  header(name: string, answers: readonly Exchange[] = this.exchanges): string | undefined {
    return answers.map((e) => e.answer.headers[name.toLowerCase()]).find((value) => value !== undefined);
  }
}
