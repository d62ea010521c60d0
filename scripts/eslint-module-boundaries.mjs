// Issue 42, STYLE.md rule 14: an API module reaches another only through what that module exports
// for others (a file of its own such as posts/post-reads.ts) or its events, never its repository.
// A syntactic rule (no types, no module graph), so it adds next to nothing to the lint's time.

/**
 * The ESLint config block that keeps the API modules' repositories their own.
 * @type {import('eslint').Linter.Config}
 */
export const moduleBoundaries = {
  files: ['apps/api/src/modules/**/*.ts'],
  // Tests set up their data through any repository.
  ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.\\./[^/]+/[^/]+\\.repository(\\.js)?$',
            message:
              "A module never imports another module's repository (STYLE.md 14): import what the owning module exports for others, or react to its events.",
          },
        ],
      },
    ],
  },
};
