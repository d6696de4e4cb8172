import { describe, expect, it } from 'vitest';
import { declaredLength, readBoundedBody } from '../../mocks/service/request-body';
import { ServiceRefusal } from '../../mocks/service/service-refusal';

/**
 * How the service reads a request body (docs/service.md, "Order of checks": at most 64 KiB, a declared length over it refused
 * before a byte is read, a body that cannot be read to its end refused with 400).
 */

const URL_ = 'https://api.sports-odds.test/v1/account/keys';
const bytes = (text: string) => new TextEncoder().encode(text);

/** A body that arrives in the given chunks, then ends (or fails, when `fail` is set). */
const streamOf = (chunks: Uint8Array[], fail?: Error) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (fail) controller.error(fail);
      else controller.close();
    },
  });

const post = (body: ReadableStream<Uint8Array> | null) =>
  new Request(URL_, { method: 'POST', body, ...(body ? { duplex: 'half' } : {}) } as RequestInit);

/** A header reader that hands the value over as sent, untrimmed. */
const lengthHeader = (value: string) => ({ get: (name: string) => (name === 'content-length' ? value : null) });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceRefusal);
  const { status, code, message } = error as ServiceRefusal;
  return [status, code, message];
};

describe('Content-Length: only a plain decimal number is a declared length', () => {
  it.each([
    ['70000', 70000],
    [' 70000 ', 70000],
    ['0', 0],
  ])('reads %j as %j', (value, expected) => {
    expect(declaredLength(lengthHeader(value))).toBe(expected);
  });

  it.each(['+70000', '70000.5', '7e4', '0x11170', '70000 70000', 'abc', ''])(
    'does not trust %j (the body is bounded as it streams instead)',
    (value) => {
      expect(declaredLength(lengthHeader(value))).toBeUndefined();
    },
  );

  it('is absent when the header is', () => {
    expect(declaredLength(new Headers())).toBeUndefined();
  });
});

describe('the body is read to its end, within the bound', () => {
  it('joins a body that arrives in several chunks, in order', async () => {
    const text = await readBoundedBody(post(streamOf([bytes('{"name":'), bytes('"split'), bytes(' key"}')])));
    expect(text).toBe('{"name":"split key"}');
  });

  it('reads a request without a body as the empty text', async () => {
    expect(await readBoundedBody(post(null))).toBe('');
  });

  it('refuses a body that fails before its end with 400 invalid_parameters, saying so', async () => {
    const request = post(streamOf([bytes('{"name"')], new Error('connection reset')));
    expect(await refusal(readBoundedBody(request))).toEqual([400, 'invalid_parameters', 'the request body could not be read to its end']);
  });

  it('refuses a body that grows past the bound with 413, naming the bound', async () => {
    const request = post(streamOf([new Uint8Array(1024), new Uint8Array(1024)]));
    expect(await refusal(readBoundedBody(request, 1536))).toEqual([413, 'payload_too_large', 'the request body is larger than 1.5 KiB']);
  });

  it('leaves the stream unlocked for its owner, after reading and after a refusal', async () => {
    const read = post(streamOf([bytes('{}')]));
    await readBoundedBody(read);
    expect(read.body!.locked).toBe(false);
    const refused = post(streamOf([new Uint8Array(2048)]));
    await refusal(readBoundedBody(refused, 1024));
    expect(refused.body!.locked).toBe(false);
  });
});
