/**
 * `npm run lint:openapi`: dumps the document from the app (dump.ts), lints it with Redocly
 * (recommended rules) and Spectral (`spectral:oas`), and checks that the committed client types
 * (generated/api-schema.ts, from openapi-typescript) are those the document gives today.
 *
 * Any error or warning of either linter fails, and so does a stale client. Options:
 *   --write          regenerate the client types instead of comparing them
 *   --report FILE    also write a Vitest-shaped JSON report (scripts/sum-results.mjs counts it)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpOpenApi } from './dump.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.resolve(apiDir, '../../node_modules/.bin', name);
// Relative to apps/api: .redocly.lint-ignore.yaml names the document by this path.
const DOCUMENT = '.openapi/openapi.json';
const CLIENT = 'src/openapi/generated/api-schema.ts';

const args = process.argv.slice(2);
const write = args.includes('--write');
const reportAt = args.includes('--report') ? args[args.indexOf('--report') + 1] : undefined;

interface Check {
  name: string;
  failure?: string;
}

function run(command: string, commandArgs: string[]) {
  const result = spawnSync(bin(command), commandArgs, {
    cwd: apiDir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    // Offline and quiet: no usage reports or update checks from Redocly.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) throw result.error;
  return result;
}

function redocly(): Check {
  const result = run('redocly', ['lint', DOCUMENT, '--format=json', '--max-problems=10000']);
  const report = JSON.parse(result.stdout) as {
    totals: { errors: number; warnings: number; ignored: number };
    problems: Array<{
      ruleId: string;
      severity: string;
      message: string;
      location: Array<{ pointer?: string }>;
    }>;
  };
  for (const p of report.problems) {
    console.log(`  redocly ${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
  }
  const { errors, warnings, ignored } = report.totals;
  console.log(
    `redocly (recommended): ${errors} errors, ${warnings} warnings, ${ignored} ignored by .redocly.lint-ignore.yaml`,
  );
  return {
    name: 'redocly lint',
    ...(errors + warnings > 0 ? { failure: `${errors} errors, ${warnings} warnings` } : {}),
  };
}

function spectral(): Check {
  const result = run('spectral', [
    'lint',
    DOCUMENT,
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--quiet',
  ]);
  const problems = JSON.parse(result.stdout || '[]') as Array<{
    code: string;
    severity: number;
    message: string;
    path: string[];
  }>;
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  const counted = problems.filter((p) => p.severity <= 1);
  for (const p of counted) {
    console.log(
      `  spectral ${p.severity === 0 ? 'error' : 'warning'} ${p.code}: ${p.message} (${p.path.join('.')})`,
    );
  }
  const errors = counted.filter((p) => p.severity === 0).length;
  const warnings = counted.length - errors;
  console.log(`spectral (spectral:oas): ${errors} errors, ${warnings} warnings`);
  if (result.status !== 0 && counted.length === 0) return { name: 'spectral lint', failure: result.stderr };
  return {
    name: 'spectral lint',
    ...(counted.length > 0 ? { failure: `${errors} errors, ${warnings} warnings` } : {}),
  };
}

function client(): Check {
  const fresh = '.openapi/api-schema.ts';
  const result = run('openapi-typescript', [DOCUMENT, '--output', fresh]);
  if (result.status !== 0) return { name: 'client types', failure: result.stderr };
  const generated = fs.readFileSync(path.join(apiDir, fresh), 'utf8');
  const committedPath = path.join(apiDir, CLIENT);
  if (write) {
    fs.mkdirSync(path.dirname(committedPath), { recursive: true });
    fs.writeFileSync(committedPath, generated);
    console.log(`client types written to ${CLIENT}`);
    return { name: 'client types' };
  }
  const committed = fs.existsSync(committedPath) ? fs.readFileSync(committedPath, 'utf8') : '';
  if (committed === generated) {
    console.log(`client types: ${CLIENT} is up to date`);
    return { name: 'client types' };
  }
  console.log(
    `client types: ${CLIENT} differs from the document; run \`npm run openapi:client\` and commit it`,
  );
  return { name: 'client types', failure: `${CLIENT} is out of date` };
}

const document = await dumpOpenApi();
fs.mkdirSync(path.join(apiDir, '.openapi'), { recursive: true });
fs.writeFileSync(path.join(apiDir, DOCUMENT), `${JSON.stringify(document, null, 2)}\n`);
const checks = [redocly(), spectral(), client()];
const failed = checks.filter((c) => c.failure);
for (const c of failed) console.error(`FAILED ${c.name}: ${c.failure}`);

if (reportAt) {
  // The shape of Vitest's JSON reporter, which scripts/sum-results.mjs adds up.
  const report = {
    numTotalTests: checks.length,
    numPassedTests: checks.length - failed.length,
    numFailedTests: failed.length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [
      {
        name: 'openapi',
        status: failed.length ? 'failed' : 'passed',
        assertionResults: checks.map((c) => ({ title: c.name, status: c.failure ? 'failed' : 'passed' })),
      },
    ],
  };
  fs.writeFileSync(reportAt, JSON.stringify(report));
}
process.exit(failed.length ? 1 : 0);
