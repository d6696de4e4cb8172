/**
 * The standalone server's state file (`--state FILE`, docs/mock-server.md, "Keeping the state"): read once at start,
 * written atomically (a temporary file beside it, fsynced, renamed over it; mode 0600). Node-only.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MockService } from '../service/mock-service';
import { parseStateDocument, type StateDocument } from '../service/snapshot/document';

/** A state file the server refuses to start with: what is wrong and what to do; the file is never changed. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** How long metering, request health and the activity log may wait to reach the file after they changed. */
const LAZY_SAVE_MS = 1_000;

/**
 * The document a state file holds, or undefined when there is no file yet; a `StateFileError` for a file that is empty,
 * truncated, not JSON, not a state document or of another version.
 */
export function readStateFile(path: string): StateDocument | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`);
  }
  const keep = 'start with another --state file, or move this one away (it is kept as it is)';
  if (text.trim() === '') throw new StateFileError(`the state file ${path} is empty: ${keep}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StateFileError(`the state file ${path} is not a whole JSON document (truncated or corrupt): ${keep}`);
  }
  try {
    return parseStateDocument(json);
  } catch (error) {
    throw new StateFileError(`the state file ${path}: ${(error as Error).message}`);
  }
}

/** Writes `text` to `path` atomically: a temporary file in the same folder, fsynced, renamed over `path`, the folder fsynced. */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
  // The rename itself reaches the disk with the folder's entry.
  const folder = openSync(dirname(path), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/** The writer of a server's state file. */
export interface StateFile {
  /** Writes the state now (before a change is answered). */
  save(): void;
  /** Notes a change that may wait: written at most `LAZY_SAVE_MS` later. */
  soon(): void;
  /** Writes what is pending and stops the timer (the server is closing). */
  close(): void;
}

/** Keeps `mock`'s state in `path`: `save()` at once, `soon()` within a second. */
export function stateFileOf(path: string, mock: MockService): StateFile {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    writeAtomically(path, JSON.stringify(mock.snapshot()));
  };
  return {
    save,
    soon() {
      timer ??= setTimeout(save, LAZY_SAVE_MS);
    },
    close() {
      if (timer !== undefined) save();
    },
  };
}
