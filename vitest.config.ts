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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', environment: 'jsdom' } },
    ],
  },
});
