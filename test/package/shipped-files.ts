import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };

/**
 * Whether package.json's "files" ships `path` (an entry is a file, a folder, or a `*` pattern).
 *
 * @example
 * ships('docs/service.md'); // true
 * ships('docs/contributing/releasing.md'); // false
 */
export const ships = (path: string): boolean =>
  files.some((entry) =>
    entry.includes('*')
      ? new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(path)
      : path === entry || path.startsWith(`${entry}/`),
  );
