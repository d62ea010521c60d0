import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const child = fileURLToPath(new URL('../test/blocked-loop.ts', import.meta.url));
const stuckChild = fileURLToPath(new URL('../test/blocked-in-statement.ts', import.meta.url));

it('ends a process whose event loop stays blocked, and says why', async () => {
  const started = Date.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', child], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A safety net for the test itself: a child the watchdog missed is killed after 60 s.
  const safety = setTimeout(() => proc.kill('SIGKILL'), 60_000);
  const [, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    proc.on('exit', (code, sig) => resolve([code, sig])),
  );
  clearTimeout(safety);
  expect(signal).toBe('SIGKILL');
  expect(stderr).toMatch(/The test child's event loop has been blocked for \d+ s/);
  expect(Date.now() - started).toBeLessThan(55_000);
}, 90_000);

it('names the statement and values the embedded database was last given', async () => {
  const proc = spawn(process.execPath, ['--import', 'tsx', stuckChild], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The child opens an embedded database before it blocks: over 60 s in a loaded CI run.
  const safety = setTimeout(() => proc.kill('SIGKILL'), 150_000);
  const [, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    proc.on('exit', (code, sig) => resolve([code, sig])),
  );
  clearTimeout(safety);
  expect(signal).toBe('SIGKILL');
  expect(stderr).toContain(
    'The embedded database was last given the statement select $1::text as name, $2::int as n, $3::text as nothing; with the values ["Kaveri Silks", "7", null]',
  );
}, 180_000);
