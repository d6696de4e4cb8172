import type { HeaderReader } from '../service/http-messages';
import { ServiceRefusal } from '../service/service-refusal';

/**
 * Guards `/__admin` and `/__challenge` against browsers (docs/mock-server.md): loopback alone does not
 * stop a web page on the developer's machine. Lifted by `--admin-remote`.
 */

/** Whether a `Host` header names a loopback host: `localhost` (and `*.localhost`), 127.0.0.0/8 or `[::1]`. */
function isLoopbackHost(host: string | null): boolean {
  if (host === null) return false;
  const m = /^(\[[^\]]*\]|[^:]*)(?::\d{1,5})?$/.exec(host.trim().toLowerCase());
  const name = m?.[1];
  if (name === undefined) return false;
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '[::1]' ||
    /^\[::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}\]$/.test(name)
  );
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** What the guard looks at. */
export interface GuardInput {
  method: string;
  headers: HeaderReader;
  /** Origins besides the request's own (`http://` + its Host) that may change state: the public origin. */
  trustedOrigins: readonly string[];
  /** Check the `Host` (the control plane; the challenge widget also answers public hostnames). */
  checkHost: boolean;
}

/**
 * Why a control-plane request is refused, if it is: a non-loopback `Host` (DNS rebinding) or a state change
 * from a foreign `Origin` is `403 origin_rejected`; a state change without JSON `Content-Type` (no page can
 * send that cross-origin without a preflight, never granted) is `415 unsupported_media_type`.
 *
 * @example
 * controlRefusal({ method: 'POST', headers: new Headers({ host: '127.0.0.1:4010', origin: 'http://evil.example' }), trustedOrigins: [], checkHost: true });
 * // ServiceRefusal 403 origin_rejected
 */
export function controlRefusal({ method, headers, trustedOrigins, checkHost }: GuardInput): ServiceRefusal | undefined {
  const host = headers.get('host');
  if (checkHost && !isLoopbackHost(host)) {
    return new ServiceRefusal(
      403,
      'origin_rejected',
      'the control plane answers only requests addressed to a loopback host (start the server with --admin-remote to lift this)',
    );
  }
  if (SAFE_METHODS.has(method)) return undefined;
  const origin = headers.get('origin');
  if (origin !== null && origin !== `http://${host ?? ''}` && !trustedOrigins.includes(origin)) {
    return new ServiceRefusal(403, 'origin_rejected', 'a state-changing control request must not come from another origin');
  }
  if (!isJson(headers.get('content-type'))) {
    return new ServiceRefusal(415, 'unsupported_media_type', 'send control requests with Content-Type: application/json');
  }
  return undefined;
}
