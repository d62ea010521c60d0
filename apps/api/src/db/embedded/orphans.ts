import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The postmaster still running on `dataDir` (its `postmaster.pid`), when it is one: on Linux its
 * /proc command line must name this data folder, so that a stale pid file whose number now belongs
 * to another process is never acted on.
 */
export function runningPostmaster(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  if (process.platform === 'linux') {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const real = fs.realpathSync(dataDir);
      if (!args.some((a) => a === dataDir || a === real)) return undefined;
    } catch {
      return undefined;
    }
  }
  return pid;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await sleep(25);
  }
  return !alive(pid);
}

/**
 * Stops a postmaster that outlived its server (a Node process killed outright where the kernel could
 * not take PostgreSQL with it): a fast shutdown (SIGINT), then an immediate one (SIGQUIT) after
 * 10 s, then SIGKILL. Committed transactions are in PostgreSQL's log whichever way it ends.
 */
export async function stopPostmaster(pid: number): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', 10_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, wait] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(pid, wait)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}
