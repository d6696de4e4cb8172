import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@stryker-mutator/api/logging';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { describe, expect, it } from 'vitest';
import { entries, locate, strykerPlugins } from '../../stryker/equivalent-mutants.mjs';

// The reviewed list of equivalent mutants (stryker/equivalent-mutants.json) and its ignorer:
// the code carries no directive, every entry still points at one line and still ignores a mutant.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

function quietLogger(warnings: string[]): Logger {
  const none = () => false;
  const skip = () => {};
  return {
    isTraceEnabled: none,
    isDebugEnabled: none,
    isInfoEnabled: none,
    isWarnEnabled: () => true,
    isErrorEnabled: () => true,
    isFatalEnabled: () => true,
    trace: skip,
    debug: skip,
    info: skip,
    warn: (message: string) => warnings.push(message),
    error: (message: string) => warnings.push(message),
    fatal: (message: string) => warnings.push(message),
  };
}

const ignorer = strykerPlugins[0].value;

async function ignoredIn(file: string, content: string, warnings: string[] = []) {
  const { mutants } = await new Instrumenter(quietLogger(warnings)).instrument([{ name: file, content, mutate: true }], {
    plugins: null,
    excludedMutations: [],
    ignorers: [ignorer],
  });
  return mutants.filter((m) => m.status === 'Ignored');
}

describe('equivalent mutants: a reviewed list, not comments in the code', () => {
  it('no source file carries a Stryker directive', () => {
    const carrying = [...sources('src'), ...sources('mocks')].filter((f) =>
      /\/\/\s*Stryker (disable|restore)/.test(readFileSync(f, 'utf8')),
    );
    expect(carrying).toEqual([]);
  });

  it('every entry gives a reason and anchors exactly one line of its file', () => {
    for (const entry of entries) {
      expect(entry.reason.trim().length, `${entry.file}: ${entry.line}`).toBeGreaterThan(10);
      expect(entry.mutators.length).toBeGreaterThan(0);
    }
    const files = [...new Set(entries.map((e) => e.file))];
    const located = files.reduce((n, f) => n + locate(f, readFileSync(f, 'utf8')).size, 0);
    expect(located).toBe(entries.length);
  });

  it('every entry still ignores a mutant of the mutators it names, with its reason, and nothing else', async () => {
    const warnings: string[] = [];
    for (const file of [...new Set(entries.map((e) => e.file))]) {
      const ignored = await ignoredIn(file, readFileSync(file, 'utf8'), warnings);
      const lines = locate(file, readFileSync(file, 'utf8'));
      for (const [line, entry] of lines) {
        const mine = ignored.filter((m) => m.location.start.line + 1 === line);
        expect(mine.length, `${file}:${line} ${entry.line}`).toBeGreaterThan(0);
        for (const m of mine) {
          expect(m.statusReason).toBe(entry.reason);
          if (!entry.mutators.includes('all')) expect(entry.mutators).toContain(m.mutatorName);
        }
      }
      expect(ignored.every((m) => lines.has(m.location.start.line + 1))).toBe(true);
    }
    expect(warnings).toEqual([]);
  });

  it('a stale entry fails loudly instead of ignoring nothing', () => {
    const [entry] = entries;
    if (entry === undefined) throw new Error('the list is empty');
    const code = readFileSync(entry.file, 'utf8').split('\n');
    const without = code.filter((l) => l.trim() !== entry.line).join('\n');
    expect(() => locate(entry.file, without)).toThrow(/missing or not unique/);
    expect(() => locate(entry.file, `${code.join('\n')}\n${entry.line}\n`)).toThrow(/missing or not unique/);
  });
});
