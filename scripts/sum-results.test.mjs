import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'sum-results.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sum-results-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {string} name @param {unknown} report */
function write(name, report) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

/** Runs the script; returns its output and exit code. @param {string[]} args */
function sum(...args) {
  try {
    return { out: execFileSync('node', [script, ...args], { encoding: 'utf8' }), code: 0 };
  } catch (e) {
    const err = /** @type {{ stdout: string, status: number }} */ (e);
    return { out: err.stdout, code: err.status };
  }
}

// The shapes Vitest's and Playwright's JSON reporters write (trimmed to the fields read).
const vitest = write('vitest.json', {
  numTotalTests: 2,
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: path.join(process.cwd(), 'apps/api/src/orders.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        {
          ancestorTitles: ['orders'],
          title: 'refunds half',
          fullName: 'orders refunds half',
          status: 'failed',
          failureMessages: ['Error: STACK_TRACE_ERROR\n    at task (file:///x.js:1:1)'],
        },
        {
          ancestorTitles: ['orders'],
          title: 'pays',
          fullName: 'orders pays',
          status: 'passed',
          failureMessages: [],
        },
      ],
    },
    {
      name: path.join(process.cwd(), 'apps/web/src/broken.test.tsx'),
      status: 'failed',
      message: '\u001b[31mFailed to load url ./missing\u001b[39m',
      assertionResults: [],
    },
  ],
});
const playwright = write('playwright.json', {
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
  errors: [],
  suites: [
    {
      title: 'store-finder.spec.ts',
      file: 'store-finder.spec.ts',
      specs: [],
      suites: [
        {
          title: 'store finder',
          file: 'store-finder.spec.ts',
          specs: [
            {
              title: 'finds a store',
              file: 'store-finder.spec.ts',
              line: 54,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: 'expect(locator).toBeVisible() failed' } }],
                },
              ],
            },
            {
              title: 'shows its hours',
              file: 'store-finder.spec.ts',
              line: 80,
              tests: [{ status: 'flaky', results: [{ error: { message: 'Timed out 15000ms' } }, {}] }],
            },
            {
              title: 'opens directions',
              file: 'store-finder.spec.ts',
              line: 99,
              tests: [{ status: 'expected', results: [{}] }],
            },
          ],
        },
      ],
    },
  ],
});

describe('the test summary', () => {
  it('names each failed test and file with its first message line, above the totals', () => {
    const { out, code } = sum(`vitest=${vitest}:1`, `playwright=${playwright}:1`);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines.at(-1)).toBe('3 passed, 3 failed, 0 skipped');
    const failed = out.slice(out.indexOf('Failed:'), out.indexOf('Passed only on a retry:'));
    expect(failed).toContain(
      '- [vitest] apps/api/src/orders.test.ts › orders › refunds half\n    ran out of time (Vitest reports "STACK_TRACE_ERROR")\n',
    );
    expect(failed).toContain('- [vitest] apps/web/src/broken.test.tsx\n    Failed to load url ./missing');
    expect(failed).toContain(
      '- [playwright] store finder › finds a store (store-finder.spec.ts:54)\n    expect(locator).toBeVisible() failed',
    );
    expect(out).toContain(
      'Passed only on a retry:\n- [playwright] store finder › shows its hours (store-finder.spec.ts:80)',
    );
    expect(out).not.toContain('opens directions');
    expect(out.indexOf('Failed:')).toBeLessThan(out.indexOf('run '));
  });

  it('names nothing when everything passed', () => {
    const passing = write('passing.json', { numTotalTests: 1, numPassedTests: 1, testResults: [] });
    const { out, code } = sum(`vitest=${passing}:0`);
    expect(code).toBe(0);
    expect(out).not.toContain('Failed:');
    expect(out.trim().split('\n').at(-1)).toBe('1 passed, 0 failed, 0 skipped');
  });
});
