import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { moduleBoundaries } from './eslint-module-boundaries.mjs';

// The boundary rule as eslint.config.js applies it, on fixture sources named as files of the API.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, moduleBoundaries],
});

/** @param {string} filePath @param {string} code */
const messagesOf = async (filePath, code) =>
  (await eslint.lintText(code, { filePath }))[0]?.messages.map((m) => m.ruleId) ?? ['no result'];

describe('the API modules keep their repositories', () => {
  it("refuses an import of another module's repository, with or without .js", async () => {
    const file = 'apps/api/src/modules/search/search.service.ts';
    expect(await messagesOf(file, "import { searchPosts } from '../posts/posts.repository.js';\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await messagesOf(file, "export { searchPosts } from '../posts/posts.repository';\n")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('lets a module import its own repository and what another module exports for others', async () => {
    const file = 'apps/api/src/modules/search/search.service.ts';
    const code =
      "import * as repo from './search.repository.js';\nimport { searchPosts } from '../posts/post-reads.js';\n";
    expect(await messagesOf(file, code)).toEqual([]);
  });

  it('leaves tests, which set up their data through any repository, alone', async () => {
    const code = "import { insertUser } from '../accounts/accounts.repository.js';\n";
    expect(await messagesOf('apps/api/src/modules/orders/orders.test.ts', code)).toEqual([]);
  });
});
