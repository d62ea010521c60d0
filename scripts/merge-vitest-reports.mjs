// Folds a rerun of some test files into the Vitest JSON report of the whole run: each file the rerun
// holds replaces that file's entry, and the totals are counted again from the files.
// Usage: node scripts/merge-vitest-reports.mjs <whole.json> <rerun.json>   (writes <whole.json>)
// Exits 1 when the merged report has a failed test or file, else 0.
import fs from 'node:fs';

/**
 * @typedef {{ status: string }} TestResult
 * @typedef {{ name: string, status: string, assertionResults?: TestResult[] }} FileResult
 * @typedef {{ testResults: FileResult[], numTotalTests: number, numPassedTests: number,
 *   numFailedTests: number, numPendingTests: number, numTodoTests: number,
 *   numFailedTestSuites: number, success: boolean }} Report
 */

/**
 * @param {string} file
 * @returns {Report}
 */
function readReport(file) {
  /** @type {unknown} */
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  return /** @type {Report} */ (parsed);
}

const [wholePath, rerunPath] = process.argv.slice(2);
if (!wholePath || !rerunPath) {
  console.error('usage: node scripts/merge-vitest-reports.mjs <whole.json> <rerun.json>');
  process.exit(2);
}
const whole = readReport(wholePath);
const rerun = readReport(rerunPath);

const files = new Map(whole.testResults.map((f) => [f.name, f]));
for (const file of rerun.testResults) files.set(file.name, file);
whole.testResults = [...files.values()];

const tests = whole.testResults.flatMap((f) => f.assertionResults ?? []);
/** @param {string[]} statuses */
const count = (...statuses) => tests.filter((t) => statuses.includes(t.status)).length;
whole.numTotalTests = tests.length;
whole.numPassedTests = count('passed');
whole.numFailedTests = count('failed');
whole.numPendingTests = count('pending', 'skipped', 'disabled');
whole.numTodoTests = count('todo');
whole.numFailedTestSuites = whole.testResults.filter((f) => f.status === 'failed').length;
whole.success = whole.numFailedTests === 0 && whole.numFailedTestSuites === 0;
fs.writeFileSync(wholePath, JSON.stringify(whole));
console.log(
  `Merged the rerun of ${rerun.testResults.length} file(s): ${whole.numPassedTests} passed, ` +
    `${whole.numFailedTests} failed, ${whole.numPendingTests} skipped`,
);
process.exit(whole.success ? 0 : 1);
