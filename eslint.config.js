// One lint setup for the whole monorepo. Type-aware rules catch floating promises and
// non-exhaustive switches; the import boundary keeps web features independent of each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/eslint-feature-boundaries.mjs';
import { moduleBoundaries } from './scripts/eslint-module-boundaries.mjs';
import { typeErrors } from './scripts/eslint-type-errors.mjs';

/** The API modules of the order path (decision 072). */
const ORDER_PATH = ['orders', 'payments', 'refunds', 'cash-on-delivery'].map(
  (module) => `apps/api/src/modules/${module}/**/*.ts`,
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      // The landing page's server build: written and removed by `npm run build`, which CI runs
      // beside the lint (a file listed and then removed crashed ESLint with ENOENT).
      '**/dist-ssr/**',
      'data/**',
      '**/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
      'bench/**/*.mjs',
      '**/*.config.js',
      'vitest.config.ts',
      'apps/api/build.mjs',
      'apps/web/scripts/*.mjs',
      // Written by openapi-typescript (npm run openapi:client), and its scratch copy (lint:openapi).
      'apps/api/src/openapi/generated/**',
      'apps/api/.openapi/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { local: { rules: { 'type-errors': typeErrors } } },
    rules: {
      // TypeScript's errors, so that CI need not run tsc as well (scripts/eslint-type-errors.mjs).
      'local/type-errors': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature never imports another, and components/ui and lib import none (only app/ composes
      // features): scripts/eslint-feature-boundaries.mjs, issue 42.
      'web/feature-boundaries': [
        'error',
        {
          src: 'apps/web/src',
          // Where two features show the same business part, its owner offers it in its index.ts and
          // is listed here; the rule allows that file and nothing else in the feature. Without this,
          // such parts moved to components/ui or lib to get past the rule, dressed as primitives and
          // plumbing. A feature not listed offers nothing, so a new entry point shows in review as a
          // change to this list (decision 074).
          entryPoints: [
            // The order's cancellation, refunds, shipment and invoice links: My orders and the seller's
            // and admin's lists (orders) and the buyer's order page (checkout) show the same order.
            'orders',
            // The code form that publishes a contribution sent with an existing account's contact
            // (issue 20): the review, tag, post, query and order forms all end with it.
            'contributions',
            // "Report this post": it fills the moderators' queue, and sits on every kind of post.
            'moderation',
            // The place search: the add-a-service page lists a service at a place (decision 062).
            'store-locator',
            // The address book's form: an order placed "address needed" is given its address with it.
            'account',
            // My Account shows the referral link and what it earned.
            'referral',
            // A review's purchase mark and stars, and a product's or store's ratings (issue 41): the
            // product page (catalogue), the store page (sellers) and My Account show them.
            'reviews',
          ],
        },
      ],
    },
  },
  {
    // Design-system primitives and plumbing: their data comes through props or from the session,
    // never from a feature's own call to the server (ProfilePicker takes the feature's search hook).
    // A part that must make one is business code and lives in the feature that owns the call.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    // The app-wide reads lib keeps: the session and its language, the signed-in person's contact that
    // every contact form fills in, the profile a scoped route names, and the pincode lookup that the
    // address, store and application forms share.
    ignores: [
      'apps/web/src/lib/session.ts',
      'apps/web/src/lib/i18n/save-preference.ts',
      'apps/web/src/lib/use-own-contact.ts',
      'apps/web/src/lib/use-profile-scope.ts',
      'apps/web/src/lib/use-pincode-autofill.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tanstack/react-query'],
              allowTypeImports: true,
              message:
                "components/ui and lib hold no business code (STYLE.md 14): put this query in the api/ of the feature that owns its data; eslint.config.js lists lib's app-wide reads.",
            },
            {
              regex: '(^|/)api-client$',
              importNames: ['apiRequest'],
              message:
                "components/ui and lib hold no business code (STYLE.md 14): put this call in the api/ of the feature that owns its data; eslint.config.js lists lib's app-wide reads.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON responses; asserting on them is the point, so `any` access is fine there.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  moduleBoundaries,
  // Issue 42, decision 072: the order path stays small modules of small functions. Every file of its
  // four modules, tests and test helpers included, keeps to 300 lines, blank lines counted.
  {
    files: ORDER_PATH,
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Every function there keeps to 80 lines, but a test file's describe and its cases.
  {
    files: ORDER_PATH,
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
);
