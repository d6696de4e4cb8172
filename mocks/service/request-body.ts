import type { HeaderReader } from './http-messages';
import { ServiceRefusal } from './service-refusal';

/** The largest request body the service reads (docs/service.md, "Order of checks"): 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** `413 payload_too_large`. */
export const tooLarge = (limit: number) =>
  new ServiceRefusal(413, 'payload_too_large', `the request body is larger than ${limit / 1024} KiB`);

/** The declared `Content-Length`, when it is a plain decimal number. */
export function declaredLength(headers: HeaderReader): number | undefined {
  const value = headers.get('content-length');
  return value !== null && /^\d{1,16}$/.test(value.trim()) ? Number(value) : undefined;
}

/** A Fetch body as UTF-8, at most `limit` bytes held: `413 payload_too_large` as soon as declared or read past it. */
export async function readBoundedBody(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = declaredLength(request.headers);
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ServiceRefusal) throw error;
    throw new ServiceRefusal(400, 'invalid_parameters', 'the request body could not be read to its end');
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
