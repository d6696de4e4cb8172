import type { Server } from 'node:http';

/** Closes a `node:http` server if one was started; resolves at once when none was (a failed setup). */
export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
