// Lighthouse (mobile preset) on the landing page, plus the gzipped JavaScript `/` loads. Usage:
//   node bench/lighthouse.mjs                      starts the built server (fresh data dir, demo seed)
//   node bench/lighthouse.mjs http://host:port/    audits a running server instead
//   node bench/lighthouse.mjs --runs 3             median of several runs
// Targets (issues "Marketing site" and 14): performance >= 95, accessibility >= 95, CLS < 0.05,
// LCP <= 1.5 s, and at most 100 KB of gzipped JavaScript for `/`. Exits non-zero when one is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot as root, startBuiltServer, stopServer } from '../scripts/built-server.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { performance: 95, accessibility: 95, cls: 0.05, lcpMs: 1500, jsGzipKb: 100 };

function parseArgs(argv) {
  const opts = { url: undefined, runs: 1 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--runs') opts.runs = Math.max(1, Number(argv[(i += 1)]));
    else if (arg === '--help' || arg === '-h') {
      console.log('node bench/lighthouse.mjs [URL] [--runs n]');
      process.exit(0);
    } else if (/^https?:\/\//.test(arg)) opts.url = arg;
    else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

/** Loads `/` in a real browser and gzips (level 9) the body of every script it fetched. */
async function landingJavaScript(url) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          asset: new URL(response.url()).pathname,
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Let anything loaded after idle (e.g. on a timer) show up too.
    await page.waitForTimeout(1000);
    return await Promise.all(pending);
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROME_FLAGS, '--headless=new'],
  });
  try {
    // No config: Lighthouse's default is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // The full report of the last run, for a closer look (open it in the Lighthouse viewer).
    fs.mkdirSync(path.join(root, '.test-output'), { recursive: true });
    fs.writeFileSync(path.join(root, '.test-output/lighthouse.json'), JSON.stringify(lhr));
    const audit = (id) => lhr.audits[id];
    const failedA11y = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: audit('first-contentful-paint').numericValue,
      lcp: audit('largest-contentful-paint').numericValue,
      tbt: audit('total-blocking-time').numericValue,
      cls: audit('cumulative-layout-shift').numericValue,
      si: audit('speed-index').numericValue,
      failedA11y,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let server;
  let dataDir;
  if (!opts.url) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
    server = await startBuiltServer({
      dataDir,
      admin: { email: 'admin@lighthouse.test', password: 'Lighthouse-Admin-Pass-2024!' },
    });
  }
  const url = opts.url ?? `${server.baseURL}/`;
  try {
    const runs = [];
    for (let i = 0; i < opts.runs; i += 1) {
      console.log(`Lighthouse run ${i + 1}/${opts.runs} on ${url} ...`);
      runs.push(await runLighthouse(url));
    }
    const scripts = await landingJavaScript(url);
    const pick = (key) => median(runs.map((r) => r[key]));
    const jsGzipKb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const summary = {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      cls: pick('cls'),
    };

    console.log(`\nLighthouse 12, mobile preset, ${url} (median of ${runs.length})`);
    console.log(`performance score   ${summary.performance}   (target >= ${TARGETS.performance})`);
    console.log(`accessibility score ${summary.accessibility}   (target >= ${TARGETS.accessibility})`);
    console.log(`CLS                 ${summary.cls.toFixed(3)} (target < ${TARGETS.cls})`);
    console.log(`LCP                 ${Math.round(pick('lcp'))} ms (target <= ${TARGETS.lcpMs} ms)`);
    console.log(`FCP                 ${Math.round(pick('fcp'))} ms`);
    console.log(`TBT                 ${Math.round(pick('tbt'))} ms`);
    console.log(`Speed Index         ${Math.round(pick('si'))} ms`);
    const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
    if (failed.length) console.log(`accessibility audits not passed: ${failed.join(', ')}`);
    for (const warning of new Set(runs.flatMap((r) => r.warnings))) console.log(`warning: ${warning}`);

    console.log('\nJavaScript loaded by / (every script response, gzip -9)');
    for (const s of scripts)
      console.log(`  ${s.asset.padEnd(48)} ${(s.gzip / 1024).toFixed(1).padStart(6)} KB`);
    console.log(
      `  ${'total'.padEnd(48)} ${jsGzipKb.toFixed(1).padStart(6)} KB   (target <= ${TARGETS.jsGzipKb} KB)`,
    );

    const missed = [
      summary.performance < TARGETS.performance && 'performance',
      summary.accessibility < TARGETS.accessibility && 'accessibility',
      summary.cls >= TARGETS.cls && 'CLS',
      pick('lcp') > TARGETS.lcpMs && 'LCP',
      jsGzipKb > TARGETS.jsGzipKb && 'JavaScript size',
    ].filter(Boolean);
    if (missed.length) {
      console.log(`\nMissed: ${missed.join(', ')}`);
      process.exitCode = 1;
    } else console.log('\nAll targets met.');
  } finally {
    if (server) await stopServer(server.child);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
