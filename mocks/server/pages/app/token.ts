/**
 * The token a page was opened with: read from the URL fragment (which never reaches any server), then
 * removed from the address bar at once, before anything else runs.
 */
export const token: string | null = new URLSearchParams(location.hash.slice(1)).get('token');
if (location.hash) history.replaceState(null, '', location.pathname);
