// One lint setup for the whole monorepo. Type-aware rules catch floating promises and
// non-exhaustive switches; the import boundary keeps web features independent of each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { moduleBoundaries } from './scripts/eslint-module-boundaries.mjs';
import { typeErrors } from './scripts/eslint-type-errors.mjs';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '@/features/*/*'],
              message: 'A feature never imports another feature; compose them in app/.',
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
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  moduleBoundaries,
);
