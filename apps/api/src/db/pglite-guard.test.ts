import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const child = (name: string) => fileURLToPath(new URL(`../test/${name}.ts`, import.meta.url));

// In its own process: without the guard the backend's death spins the process for ever, which a
// test in this one could not even time out of. `timeout` here kills such a child after 300 s (it
// took 120 s in a CI run beside the browser journeys, a few seconds alone).
it('a statement whose embedded backend dies fails, later ones are refused at once, and the process goes on', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-guard-'));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child('dying-backend')], {
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 300_000,
      killSignal: 'SIGKILL',
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      "copy: The embedded database's backend made no progress on a statement; it last threw exit status 1",
    );
    // Every later statement is refused at once, without reaching the dead backend.
    const refused =
      "The embedded database's engine failed earlier and runs no more statements: restart the process";
    expect(lines[1]).toBe(`next statement: ${refused}`);
    expect(lines[2]).toBe(`one more: ${refused}`);
    expect(lines[3]).toBe('timer ran: true');
    // The server's listener ends the process once (server.ts), not once per refused statement.
    expect(lines[4]).toBe('failures told: 1');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 360_000);

it('closing waits for the statements already started and refuses the ones started meanwhile', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-close-'));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child('closing-database')], {
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 150_000,
      killSignal: 'SIGKILL',
    });
    expect(stdout.trim().split('\n')).toEqual([
      'before: done',
      'before: done',
      'before: done',
      'during: The embedded database is closing',
      'during: The embedded database is closing',
      'during: The embedded database is closing',
    ]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 360_000);
