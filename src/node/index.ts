/**
 * `sports-odds-data/node`: Node-only helpers of the SDK.
 * @packageDocumentation
 */
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { refuse } from '../core/options';
import { parsePendingRotation } from '../core/rotation';
import type { PendingRotation, RotationStore } from '../core/types';

export type { PendingRotation, RotationStore } from '../core/types';

const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** fsyncs a directory so that a rename or unlink in it survives a crash (best effort: not every platform allows it). */
async function syncDirectory(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a directory; the rename is still atomic there.
  }
}

/**
 * A rotation store in one JSON file, so that a process that dies mid-rotation resumes it on restart.
 *
 * The file holds the old key in plaintext while a rotation is pending (needed for the exact replay):
 * written atomically with mode `0600` in a `0700` directory, deleted once the rotation ends. Keep it
 * out of backups and shared volumes; one process at a time should rotate through one file.
 *
 * @example
 * import { SportsOdds } from 'sports-odds-data';
 * import { FileRotationStore } from 'sports-odds-data/node';
 *
 * const odds = new SportsOdds({
 *   rotationStore: new FileRotationStore('/var/lib/my-app/sports-odds-rotation.json'),
 *   onKeyRotated: async ({ api_key }) => saveKeySomewhereSafe(api_key),
 * });
 * await odds.keys.rotate(); // resumes a rotation a crashed process left, or starts one
 */
export class FileRotationStore implements RotationStore {
  /** Path of the JSON file. */
  readonly path: string;

  constructor(path: string) {
    if (typeof path !== 'string' || path === '') refuse('new FileRotationStore(path)', path, 'the path of a file (a non-empty string)');
    this.path = path;
  }

  /** The pending rotation, or undefined when the file does not exist. */
  async load(): Promise<PendingRotation | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return parsePendingRotation(text);
  }

  /** Writes the record atomically with mode 0600; durable when it resolves. */
  async save(pending: PendingRotation): Promise<void> {
    const directory = dirname(this.path);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const suffix = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
    const temporary = join(directory, `.${basename(this.path)}.${suffix}.tmp`);
    const handle = await open(temporary, 'wx', 0o600);
    try {
      try {
        // The umask can only remove bits from 0600; chmod makes the mode exact on every platform that has one.
        await handle.chmod(0o600);
        await handle.writeFile(`${JSON.stringify(pending)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await chmod(this.path, 0o600).catch(() => undefined);
    await syncDirectory(directory);
  }

  /** Deletes the file (nothing to do when it does not exist). */
  async clear(): Promise<void> {
    try {
      await unlink(this.path);
    } catch (error) {
      if (!isMissing(error)) throw error;
      return;
    }
    await syncDirectory(dirname(this.path));
  }
}
