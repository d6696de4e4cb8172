import { http, type HttpHandler } from 'msw/http';
import { consolePage } from './console/page';
import { dispatch } from './control/dispatch';
import type { MockService } from '../service/mock-service';
import { contextOf } from '../service/internal';
import { pageHeaders } from './pages';
import { newRequestId } from '../service/pipeline/request-id';
import { asServiceRefusal, baseHeaders, errorResponse, jsonResponse } from '../service/pipeline/respond';
import { randomHex } from '../service/state/crypto';

/**
 * The control plane (`/__admin`): JSON in and out, the operations of `mocks/server/control/operations.ts`,
 * the service's envelope; `GET /__admin` lists them (JSON) or serves the console (HTML).
 */

/** Whether the caller (a browser navigating) asks for a page rather than JSON. */
const wantsHtml = (request: Request) => /\btext\/html\b/i.test(request.headers.get('accept') ?? '');

/** The console: a page whose only script is its own (a fresh nonce per answer), talking to this JSON control plane. */
function consoleResponse(mock: MockService): Response {
  const service = contextOf(mock);
  const vocabulary = {
    routes: service.routes,
    registered: new Set(service.routes.map((r) => r.id).filter((id) => service.handlers[id] !== undefined)),
    plans: Object.values(service.options.plans).map(({ slug, name }) => ({ slug, name })),
  };
  const nonce = randomHex(16);
  return new Response(consolePage(nonce, vocabulary), { status: 200, headers: pageHeaders(nonce) });
}

/**
 * MSW handlers of the control plane at `${baseUrl}/__admin` and under it.
 *
 * @example
 * const server = setupServer(...mock.handlers, ...createAdminHandlers(mock));
 * await fetch(`${mock.baseUrl}/__admin/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advance_ms":60000}' });
 */
export function createAdminHandlers(mock: MockService): HttpHandler[] {
  const origin = new URL(mock.baseUrl).origin;
  const isAdmin = (url: URL) => url.origin === origin && (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/'));
  return [
    http.all(
      ({ request }) => isAdmin(new URL(request.url)),
      async ({ request }) => {
        const requestId = newRequestId(contextOf(mock).state.random);
        const headers = baseHeaders(requestId, origin, mock.clock.now());
        // Control answers carry keys, tokens and recovery links.
        headers.set('Cache-Control', 'no-store');
        try {
          // `/__admin` and `/__admin/` are the same operation.
          const path = new URL(request.url).pathname.slice('/__admin'.length).replace(/^\/$/, '');
          if (request.method === 'GET' && path === '' && wantsHtml(request)) return consoleResponse(mock);
          const reply = await dispatch(mock, request, path);
          return jsonResponse(reply.status, reply.body, headers);
        } catch (error) {
          return errorResponse(asServiceRefusal(error), headers, requestId);
        }
      },
    ),
  ];
}
