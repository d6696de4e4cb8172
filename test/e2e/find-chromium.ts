import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where a Chromium came from, for the test log. */
export interface FoundChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A Chromium on PATH (or in /usr/bin), as Debian's `chromium` package installs it. */
function systemChromium(): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter).filter(Boolean), '/usr/bin'];
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      const file = join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/**
 * Finds a Chromium for the browser tests, in this order: `CHROMIUM_PATH`, a system Chromium, else
 * the headless Chromium shipped inside the `@sparticuz/chromium` devDependency (unpacked to the temp
 * folder on first use, about 2 s). Never downloads anything. Throws a message saying how to get one.
 */
export async function findChromium(): Promise<FoundChromium> {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return { path: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const system = systemChromium();
  if (system) return { path: system, source: 'system' };
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    return { path: await packaged.executablePath(), source: '@sparticuz/chromium' };
  } catch (error) {
    throw new Error(
      'no Chromium for the browser tests: run `npm ci` (it installs the @sparticuz/chromium devDependency), ' +
        'install a system Chromium (Debian: apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary. ' +
        `The packaged Chromium failed with: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
