import { defineConfig } from 'vitest/config';

// One Vitest run covers the pure rules, the API against a real database and the web components.
export default defineConfig({
  test: {
    // Two cores: more workers only fight over CPU while each opens its own database.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      // Data scripts whose derivations are tested without their (large, uncommitted) sources.
      { test: { name: 'scripts', root: 'scripts', environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          // 200 concurrent orders take 4 s on a quiet machine and took over 30 s in a CI run beside
          // the browser journeys (load average 15 on two cores).
          testTimeout: 90_000,
          // A file's app (migrations included, on a fresh embedded database) is made in beforeAll:
          // over 60 s once while the journeys shared the machine (load average 15-17). A database
          // statement that never ends is caught sooner, by the 90 s stall check.
          hookTimeout: 120_000,
          // On PostgreSQL: drops the workers' template databases when the run ends.
          globalSetup: ['src/test/global-setup.ts'],
          // With TEST_RECORD_STATEMENTS set, every statement is kept for the compatibility pass.
          setupFiles: ['src/test/record-statements.ts'],
          // Each file builds its own app and database, so files can share a worker's loaded
          // modules: importing the API once per worker instead of once per file saves about a
          // third of the run (PostgreSQL pass, 2 workers: 140 s -> 90 s).
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          // `npm test` runs these beside the browser journeys on two cores: a form test that types
          // and waits for its answer takes 2 s alone and took over 20 s in a CI run (load average 17).
          testTimeout: 60_000,
          setupFiles: ['src/test/async-timeout-setup.ts'],
          // One jsdom per worker rather than per file: Testing Library unmounts and clears after
          // every test, and nothing here keeps module state between files (checked with three
          // shuffled runs). A fresh jsdom and module graph per file cost 105 of the project's
          // 125 CPU seconds (57 s -> 15 s, issue 37).
          isolate: false,
          // i18next-icu's ESM imports intl-messageformat's default export; Node would hand it the
          // CommonJS build, where that is not the class. Bundled by Vite, as in the browser, it is.
          server: { deps: { inline: ['i18next-icu'] } },
        },
      },
    ],
  },
});
