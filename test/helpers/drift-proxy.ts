import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close';

/**
 * A real HTTP proxy (node:http) in front of a service: it forwards every request and can break one
 * rule of the service on the way, to test that `verify` names exactly that drift.
 */

/** A request as the proxy saw it. */
export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  url: string;
}

/** An answer as the proxy sends it on. */
export interface ProxiedAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** How the proxy breaks the service: answer itself (or drop the connection), or change the service's answer. */
export interface Drift {
  intercept?(request: ProxiedRequest): ProxiedAnswer | 'drop' | undefined;
  rewrite?(request: ProxiedRequest, answer: ProxiedAnswer): ProxiedAnswer;
}

/** Headers a proxy never passes on as they are (Node writes its own). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function bodyOf(req: IncomingMessage): Promise<string | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts a proxy to `target` on a free loopback port.
 *
 * @example
 * const proxy = await startDriftProxy(server.url, { rewrite: (_, a) => (a.headers.delete('X-Request-Id'), a) });
 */
export async function startDriftProxy(target: string, drift: Drift = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const request: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/' };
      const own = drift.intercept?.(request);
      if (own === 'drop') return void req.socket.destroy();
      let answer = own;
      if (answer === undefined) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && name !== 'host' && !HOP_BY_HOP.has(name)) headers.set(name, value);
        const body = await bodyOf(req);
        const response = await fetch(`${target}${request.url}`, {
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body }),
        });
        answer = { status: response.status, headers: new Headers(response.headers), body: await response.text() };
        answer = drift.rewrite?.(request, answer) ?? answer;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      });
      res.writeHead(answer.status, out).end(answer.body);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) };
}

/**
 * A drift that changes every metered answer's `X-Credits-Cost`.
 *
 * @example
 * startDriftProxy(server.url, creditsCost((cost) => cost + 1)); // charges one credit more than it says... or says one more than it charges
 */
export const creditsCost = (change: (cost: number) => number): Drift => ({
  rewrite(_, answer) {
    const cost = answer.headers.get('X-Credits-Cost');
    if (cost !== null) answer.headers.set('X-Credits-Cost', String(change(Number(cost))));
    return answer;
  },
});
