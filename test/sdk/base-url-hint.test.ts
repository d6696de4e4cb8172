import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

/**
 * A 404 names the request it answered, and a base URL ending in /v1 (every route starts with /v1,
 * so each call goes to /v1/v1/...) gets a hint with the root to give instead (issue 31).
 */

const newMock = useMockServer();

describe('a 404', () => {
  it('diagnoses a baseUrl ending in /v1, naming the URL it called and the root to give', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { baseUrl: `${mock.baseUrl}/v1`, maxRetries: 0 });
    const error = await odds.catalog.sports().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain(
      `(GET ${mock.baseUrl}/v1/v1/catalog/sports: the baseUrl ends in /v1, but every route starts with /v1; give the service's root, ${mock.baseUrl})`,
    );
    expect((error as NotFoundError).serviceMessage).not.toContain('baseUrl');
    expect(chargesOf(mock).charged).toBe(0);
  });

  it('names the URL of any 404, without the hint when the base is the root', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { maxRetries: 0 });
    const error = await odds.events.results(999_999_999).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain(`(GET ${mock.baseUrl}/v1/events/999999999/results)`);
    expect((error as NotFoundError).message).not.toContain('baseUrl');
  });
});
