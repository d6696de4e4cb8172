/**
 * A request body of `total` bytes that counts what the reader pulled: it is pulled only when the
 * service reads (`highWaterMark: 0`), so `pulled.bytes` says how much of the body was read.
 *
 * @example
 * const { body, pulled } = countedBody(1024 * 1024);
 * await mock.fetch(url, { method: 'POST', body, duplex: 'half' });
 * expect(pulled.bytes).toBe(0);
 */
export function countedBody(total: number, chunk = 16 * 1024): { body: ReadableStream<Uint8Array>; pulled: { bytes: number } } {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        const piece = new TextEncoder().encode('{'.padEnd(Math.min(chunk, total - pulled.bytes), ' '));
        pulled.bytes += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled };
}
