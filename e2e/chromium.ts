import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's chromium; Playwright never downloads a browser of its own in this project. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
  );
}

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
