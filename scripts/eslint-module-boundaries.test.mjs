import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the API modules import each other one way', () => {
  // A fixture set of module files, written under a fresh folder laid out as the repository is, and
  // linted there as eslint.config.js lints the API: orders, payments and refunds import each other
  // in a ring; shops, admin and the test import into it without closing it.
  const fixture = {
    'orders/orders.service.ts':
      "import { payOrder } from '../payments/pay-order.js';\nimport { storeAddress } from '../shops/store-address.js';\n",
    'payments/pay-order.ts':
      "import type { Refund } from '../refunds/refund-order.js';\nexport const payOrder = 1;\n",
    'refunds/refund-order.ts': "export { placeOrder } from '../orders/orders.service.js';\n",
    'refunds/refunds.routes.ts': "export const load = () => import('../orders/orders.service.js');\n",
    'shops/store-address.ts': 'export const storeAddress = 1;\n',
    // Not an edge: were it one, shops would join the ring and orders' import of it would be refused.
    'shops/shops.test.ts': "import { payOrder } from '../payments/pay-order.js';\n",
    'admin/admin.service.ts': "import { payOrder } from '../payments/pay-order.js';\n",
  };
  /** @type {string} */
  let root;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
    for (const [file, code] of Object.entries(fixture)) {
      const at = path.join(root, 'apps/api/src/modules', file);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, code);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Each linted file's messages of the cycle rule, as `line: message`. */
  const lintFixture = async () => {
    const linter = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        moduleBoundaries,
      ],
    });
    const results = await linter.lintFiles(['apps/api/src/modules']);
    return Object.fromEntries(
      results.map((r) => [
        path.relative(path.join(root, 'apps/api/src/modules'), r.filePath),
        r.messages.map((m) => `${m.line}: ${m.ruleId === 'api/no-module-cycle' ? m.message : m.ruleId}`),
      ]),
    );
  };

  it('refuses each import that closes the ring, naming the ring; the others pass', async () => {
    const advice =
      'modules import each other one way only (STYLE.md 14). Have app.ts pass the function in, or record an event the other module reacts to (decision 073).';
    expect(await lintFixture()).toEqual({
      'orders/orders.service.ts': [
        `1: '../payments/pay-order.js' closes a cycle between API modules (orders → payments → refunds → orders): ${advice}`,
      ],
      'payments/pay-order.ts': [
        `1: '../refunds/refund-order.js' closes a cycle between API modules (payments → refunds → orders → payments): ${advice}`,
      ],
      'refunds/refund-order.ts': [
        `1: '../orders/orders.service.js' closes a cycle between API modules (refunds → orders → payments → refunds): ${advice}`,
      ],
      'refunds/refunds.routes.ts': [
        `1: '../orders/orders.service.js' closes a cycle between API modules (refunds → orders → payments → refunds): ${advice}`,
      ],
      'shops/store-address.ts': [],
      // Linted, but the boundary rules leave tests alone.
      'shops/shops.test.ts': [],
      'admin/admin.service.ts': [],
    });
  });
});
