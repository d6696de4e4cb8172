import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The flags the workplace allows: headless, no sandbox (root), no GPU, and no background network
 * (the machine's closed network refuses it). Never the packaged Chromium's own `args`: they turn web
 * security off (so a CORS test would prove nothing) and run a single process (a second context crashes).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches the Chromium that the global setup found (never a downloaded browser); fails saying how to get one. */
export function launchChromium(): Promise<Browser> {
  const found = inject('chromium');
  if ('error' in found) throw new Error(found.error);
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS });
}
