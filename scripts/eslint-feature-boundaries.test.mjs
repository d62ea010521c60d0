import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureBoundaries } from './eslint-feature-boundaries.mjs';

// The rule as eslint.config.js applies it, on fixture sources named as files of the web app.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { web: { rules: { 'feature-boundaries': featureBoundaries } } },
      rules: { 'web/feature-boundaries': ['error', { src: 'apps/web/src', entryPoints: ['orders'] }] },
    },
  ],
});

/** @param {string} filePath @param {string} code */
const messagesOf = async (filePath, code) =>
  (await eslint.lintText(code, { filePath }))[0]?.messages.map((m) => m.messageId ?? m.message) ?? [
    'no result',
  ];

const checkoutFile = 'apps/web/src/features/checkout/components/buyer-cancel-order.tsx';

describe('web features keep to themselves', () => {
  it("refuses another feature's internals, however the relative path is written", async () => {
    for (const source of [
      '../../orders/components/cancel-order-dialog',
      '../../../features/orders/api/order-actions',
      '../../orders/shipment-words.ts',
    ]) {
      expect(await messagesOf(checkoutFile, `import { x } from '${source}';\n`)).toEqual(['internals']);
    }
    expect(
      await messagesOf(checkoutFile, "export { x } from '../../orders/components/order-refunds';\n"),
    ).toEqual(['internals']);
    expect(await messagesOf(checkoutFile, "void import('../../orders/pages/my-orders-page');\n")).toEqual([
      'internals',
    ]);
  });

  it('lets a feature import the entry point of a feature listed as having one', async () => {
    const code =
      "import { CancelOrderDialog } from '../../orders';\nimport type { T } from '../../orders/index';\n";
    expect(await messagesOf(checkoutFile, code)).toEqual([]);
  });

  it('refuses even the index of a feature not listed as having an entry point', async () => {
    const file = 'apps/web/src/features/account/pages/my-account-page.tsx';
    expect(await messagesOf(file, "import { MyReferrals } from '../../referral';\n")).toEqual([
      'noEntryPoint',
    ]);
    expect(
      await messagesOf(file, "import { MyReferrals } from '../../referral/components/my-referrals';\n"),
    ).toEqual(['noEntryPoint']);
  });

  it('keeps features out of components/ui and lib, even their entry points', async () => {
    expect(
      await messagesOf(
        'apps/web/src/components/ui/order-card.tsx',
        "import { OrderRefunds } from '../../features/orders';\n",
      ),
    ).toEqual(['notComposer']);
    expect(
      await messagesOf(
        'apps/web/src/lib/order-words.ts',
        "import { x } from '../features/orders/shipment-words';\n",
      ),
    ).toEqual(['notComposer']);
  });

  it('lets a feature import itself and what is shared, and lets app/ compose any feature', async () => {
    const own =
      "import { x } from '../api/checkout-api';\nimport { Button } from '../../../components/ui/button';\n";
    expect(await messagesOf(checkoutFile, own)).toEqual([]);
    const app = "import { useQuestionCounts } from '../../features/queries/api/question-counts';\n";
    expect(await messagesOf('apps/web/src/app/layout/site-header.tsx', app)).toEqual([]);
  });
});
