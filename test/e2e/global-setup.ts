import type { TestProject } from 'vitest/node';
import { findChromium } from './find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium the browser tests launch, or why there is none. */
    chromium: { path: string; source: string } | { error: string };
  }
}

/**
 * Finds (and, for the packaged Chromium, unpacks) the browser once, before any test file runs, so
 * that parallel test files never race to unpack it. Never fails the run: a test file that needs a
 * browser fails with the message instead.
 */
export default async function setup(project: TestProject): Promise<void> {
  try {
    project.provide('chromium', await findChromium());
  } catch (error) {
    project.provide('chromium', { error: error instanceof Error ? error.message : String(error) });
  }
}
