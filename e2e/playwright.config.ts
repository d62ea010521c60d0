import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const outputRoot = path.resolve(here, '../.test-output');
// Each run names its report (E2E_REPORT_NAME), so that runs side by side do not overwrite each other.
const reportName = process.env.E2E_REPORT_NAME ?? 'playwright';

export default defineConfig({
  testDir: './tests',
  // Two cores: the server, the browser and one worker already keep them busy.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // CI runs two journey shards beside the Vitest runs on two cores (scripts/test-all.sh): a page
  // that renders in one second alone can take ten there, so waits are longer there, not looser.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [['list'], ['json', { outputFile: path.join(outputRoot, `${reportName}.json`) }]],
  outputDir: path.join(outputRoot, `${reportName}-artifacts`),
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
    // Recording a trace for every test costs about a quarter of the run's CPU (measured on
    // checkout + admin-team: 74 s with, 57 s without). CI retries a failure once, with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    actionTimeout: process.env.CI ? 20_000 : 10_000,
    navigationTimeout: process.env.CI ? 30_000 : 15_000,
    // The app registers its service worker on every page, and in each fresh browser context it
    // then precaches the whole build (230 files). Journeys that are not about the installed app
    // gain nothing from it and paid for it on every test; installable.spec.ts allows it.
    serviceWorkers: 'block',
  },
});
