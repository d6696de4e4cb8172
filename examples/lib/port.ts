/** The examples' ports: the flags that choose one (0 for any free one), and a free port. */
import { createServer } from 'node:net';

/**
 * The port a flag gives (`--port 8080`), or exits with status 2 and a one-line usage error.
 *
 * @example
 * const port = portFlag('--port', args.port); // 0 when not given: any free port
 */
export function portFlag(flag: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    console.error(`${flag} takes a port from 0 to 65535 (0: any free port), not ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return port;
}

/**
 * A loopback port the system says is free now.
 *
 * @example
 * const port = await freePort(); // then listen on it
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
