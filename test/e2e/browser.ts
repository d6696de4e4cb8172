import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, started as the workplace allows: headless, no sandbox, no background network. */
export const CHROMIUM = '/usr/bin/chromium';

/** Launches headless Chromium from the system package (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
