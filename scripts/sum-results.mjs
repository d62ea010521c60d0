// Adds up the JSON reports of every test run and prints one final line: `N passed, N failed, N skipped`.
// Usage: node scripts/sum-results.mjs <label>=<report.json>:<exit code> ...
// A run without a readable report (the runner crashed, or a step before it failed) counts as 1 failed,
// and so does a run that exited non-zero although its report lists no failure (e.g. an unhandled error).
import fs from 'node:fs';

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * @typedef {{ status?: string, assertionResults?: { status?: string }[] }} VitestFile
 * @typedef {{ numTotalTests: number, numPassedTests?: number, numFailedTests?: number,
 *   numPendingTests?: number, numTodoTests?: number, testResults?: VitestFile[] }} VitestReport
 * @typedef {{ stats: { expected: number, unexpected?: number, flaky?: number, skipped?: number },
 *   errors?: unknown[] }} PlaywrightReport
 */

/**
 * Vitest's JSON reporter (Jest-compatible shape).
 * @param {VitestReport} report
 * @returns {Counts}
 */
function fromVitest(report) {
  let failed = report.numFailedTests ?? 0;
  // A test file that fails to load has no failing test in it, but it did fail.
  for (const file of report.testResults ?? []) {
    const anyFailedTest = (file.assertionResults ?? []).some((t) => t.status === 'failed');
    if (file.status === 'failed' && !anyFailedTest) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * Playwright's JSON reporter; a test that passed on retry (flaky) counts as passed.
 * @param {PlaywrightReport} report
 * @returns {Counts}
 */
function fromPlaywright(report) {
  const s = report.stats;
  const errors = (report.errors ?? []).length;
  const unexpected = s.unexpected ?? 0;
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    // Errors outside tests (global setup, a broken spec file) fail the run without failing a test.
    failed: unexpected + (errors > 0 && unexpected === 0 ? 1 : 0),
    skipped: s.skipped ?? 0,
  };
}

/**
 * @param {string} file
 * @returns {unknown}
 */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * @param {string} file
 * @returns {Counts | null}
 */
function readRun(file) {
  if (!file || !fs.existsSync(file)) return null;
  try {
    const report = /** @type {Partial<PlaywrightReport & VitestReport>} */ (readJson(file));
    if (typeof report.stats?.expected === 'number')
      return fromPlaywright(/** @type {PlaywrightReport} */ (report));
    if (typeof report.numTotalTests === 'number') return fromVitest(/** @type {VitestReport} */ (report));
  } catch {
    // Unreadable: treated like a missing report.
  }
  return null;
}

/** @type {(Counts & { label: string, note: string })[]} */
const rows = [];
for (const arg of process.argv.slice(2)) {
  const eq = arg.indexOf('=');
  const colon = arg.lastIndexOf(':');
  const label = arg.slice(0, eq);
  const file = arg.slice(eq + 1, colon > eq ? colon : undefined);
  const code = colon > eq ? Number(arg.slice(colon + 1)) : 0;
  const counts = readRun(file);
  if (!counts) {
    rows.push({
      label,
      passed: 0,
      failed: 1,
      skipped: 0,
      note: code === 0 ? 'no report' : `no report (exit ${code})`,
    });
    continue;
  }
  let note = '';
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    note = `exit ${code} without a failed test`;
  }
  rows.push({ label, ...counts, note });
}

const total = rows.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

const width = Math.max(5, ...rows.map((r) => r.label.length));
console.log('');
console.log(`${'run'.padEnd(width)}  passed  failed  skipped`);
for (const r of rows) {
  console.log(
    `${r.label.padEnd(width)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}${r.note ? `  (${r.note})` : ''}`,
  );
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
