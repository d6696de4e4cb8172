import type { AnswerHeaders } from '../http-messages';

/**
 * Answers that carry a plaintext key, or set a credential cookie, must not be stored by any cache
 * (docs/service.md, "Response headers"): `Cache-Control: no-store`.
 */
export function markNoStore(headers: AnswerHeaders, body: unknown, setsCookie: boolean): void {
  const hasKey = typeof body === 'object' && body !== null && typeof (body as { api_key?: unknown }).api_key === 'string';
  if (hasKey || setsCookie) headers.set('Cache-Control', 'no-store');
}
