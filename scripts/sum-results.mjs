// Adds up the JSON reports of every test run and prints one final line: `N passed, N failed, N skipped`.
// Usage: node scripts/sum-results.mjs <label>=<report.json>:<exit code> ...
// A run without a readable report (the runner crashed, or a step before it failed) counts as 1 failed,
// and so does a run that exited non-zero although its report lists no failure (e.g. an unhandled error).
// Above the totals it names each failed test, and each journey that passed only on its retry: CI keeps
// only the tail of the output, and a failure it cannot name cannot be fixed.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * @typedef {{ status?: string, ancestorTitles?: string[], title?: string, fullName?: string,
 *   failureMessages?: string[] }} VitestTest
 * @typedef {{ name?: string, status?: string, message?: string, assertionResults?: VitestTest[] }} VitestFile
 * @typedef {{ numTotalTests: number, numPassedTests?: number, numFailedTests?: number,
 *   numPendingTests?: number, numTodoTests?: number, testResults?: VitestFile[] }} VitestReport
 * @typedef {{ status?: string, results?: { error?: { message?: string } }[] }} PlaywrightTest
 * @typedef {{ title?: string, file?: string, line?: number, tests?: PlaywrightTest[] }} PlaywrightSpec
 * @typedef {{ title?: string, specs?: PlaywrightSpec[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 * @typedef {{ stats: { expected: number, unexpected?: number, flaky?: number, skipped?: number },
 *   errors?: { message?: string }[], suites?: PlaywrightSuite[] }} PlaywrightReport
 * @typedef {{ kind: 'failed' | 'flaky', name: string, reason: string }} Named
 */

/**
 * The first line of a failure message that says something, without terminal colours, cut short.
 * @param {string | undefined} message
 * @returns {string}
 */
function firstLine(message) {
  const lines = (message ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let line = lines[0] ?? '';
  // Vitest's JSON report keeps, for a test that ran out of time, only the placeholder error it made
  // to remember where the test was declared.
  if (line === 'Error: STACK_TRACE_ERROR') line = 'ran out of time (Vitest reports "STACK_TRACE_ERROR")';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * @param {string | undefined} file
 * @returns {string}
 */
function relative(file) {
  return file ? path.relative(process.cwd(), file) || file : '?';
}

/**
 * Failed tests and files of a Vitest report.
 * @param {VitestReport} report
 * @returns {Named[]}
 */
function namedFromVitest(report) {
  /** @type {Named[]} */
  const named = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      named.push({
        kind: 'failed',
        name: `${relative(file.name)} › ${t.title ? [...(t.ancestorTitles ?? []), t.title].join(' › ') : (t.fullName ?? '?')}`,
        reason: firstLine(t.failureMessages?.[0]),
      });
    if (file.status === 'failed' && failedTests.length === 0)
      named.push({ kind: 'failed', name: relative(file.name), reason: firstLine(file.message) });
  }
  return named;
}

/**
 * Failed and flaky tests of a Playwright report, and its errors outside tests.
 * @param {PlaywrightReport} report
 * @returns {Named[]}
 */
function namedFromPlaywright(report) {
  /** @type {Named[]} */
  const named = [];
  /** @param {PlaywrightSuite} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const errors = (test.results ?? []).map((r) => r.error?.message).filter(Boolean);
        named.push({
          kind: test.status === 'flaky' ? 'flaky' : 'failed',
          name: `${[...here.slice(1), spec.title].join(' › ')} (${spec.file ?? '?'}:${spec.line ?? '?'})`,
          reason: firstLine(errors[0]),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    named.push({ kind: 'failed', name: 'outside any test', reason: firstLine(error.message) });
  return named;
}

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
 * @returns {(Counts & { named: Named[] }) | null}
 */
function readRun(file) {
  if (!file || !fs.existsSync(file)) return null;
  try {
    const report = /** @type {Partial<PlaywrightReport & VitestReport>} */ (readJson(file));
    if (typeof report.stats?.expected === 'number') {
      const playwright = /** @type {PlaywrightReport} */ (report);
      return { ...fromPlaywright(playwright), named: namedFromPlaywright(playwright) };
    }
    if (typeof report.numTotalTests === 'number') {
      const vitest = /** @type {VitestReport} */ (report);
      return { ...fromVitest(vitest), named: namedFromVitest(vitest) };
    }
  } catch {
    // Unreadable: treated like a missing report.
  }
  return null;
}

/** @type {(Counts & { label: string, note: string })[]} */
const rows = [];
/** @type {(Named & { label: string })[]} */
const named = [];
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
  const { named: namedHere, ...totals } = counts;
  for (const n of namedHere) named.push({ label, ...n });
  rows.push({ label, ...totals, note });
}

const total = rows.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

const width = Math.max(5, ...rows.map((r) => r.label.length));
const MAX_NAMED = 30;
for (const kind of /** @type {const} */ (['failed', 'flaky'])) {
  const these = named.filter((n) => n.kind === kind);
  if (these.length === 0) continue;
  console.log('');
  console.log(kind === 'failed' ? 'Failed:' : 'Passed only on a retry:');
  for (const n of these.slice(0, MAX_NAMED))
    console.log(`- [${n.label}] ${n.name}${n.reason ? `\n    ${n.reason}` : ''}`);
  if (these.length > MAX_NAMED) console.log(`- … and ${these.length - MAX_NAMED} more`);
}
console.log('');
console.log(`${'run'.padEnd(width)}  passed  failed  skipped`);
for (const r of rows) {
  console.log(
    `${r.label.padEnd(width)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}${r.note ? `  (${r.note})` : ''}`,
  );
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
