/** The examples' ports: the flags that choose one (0 for any free one), and a free port. */
import { createServer } from 'node:net';
import type { CommandLine } from '../../mocks/server/cli-flags';

/**
 * The port a flag gives (`--port 8080`), or one line plus the usage and exit 2.
 *
 * @example
 * const port = portFlag(cli, '--port', args.port); // 0 when not given: any free port
 */
export function portFlag(cli: CommandLine, flag: string, value: string | undefined): number {
  return cli.integer(flag, value, { max: 65_535, what: 'a port (0: any free one)' }) ?? 0;
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
