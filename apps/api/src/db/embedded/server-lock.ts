import fs from 'node:fs';
import path from 'node:path';

/**
 * `DATA_DIR/server.lock` says which process serves the embedded database and on which port, so
 * `npm run backup` knows to ask it and `npm run restore` knows to refuse. A process killed outright
 * leaves the file behind; its pid is then no longer alive, which is what `readServerLock` checks.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

export interface ServerLock {
  pid: number;
  port: number;
  startedAt: string;
}

/**
 * Claims DATA_DIR for this process before its embedded database starts: a live sibling server on the
 * same folder is refused with a message, and a lock left by a process that died is taken over. The
 * port is written once the server listens (`setPort`), for `npm run backup` to find it.
 */
export function claimServerLock(dataDir: string): { setPort(port: number): void; release(): void } {
  const file = lockFile(dataDir);
  const lock: ServerLock = { pid: process.pid, port: 0, startedAt: new Date().toISOString() };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt += 1) {
    try {
      // Exclusive: of two servers starting at once on one folder, one gets the file.
      fs.writeFileSync(file, JSON.stringify(lock), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const holder = readServerLock(dataDir);
      if (holder && holder.pid !== process.pid) {
        throw new Error(
          `Another server (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}) is using ` +
            `${dataDir}: stop it first, or give this one another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  return {
    setPort(port) {
      fs.writeFileSync(file, JSON.stringify({ ...lock, port }), { mode: 0o600 });
    },
    release() {
      const current = readLock(dataDir);
      if (current?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}

function readLock(dataDir: string): ServerLock | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as ServerLock;
  } catch {
    return undefined;
  }
}

/** The lock of a server process still alive on this machine, or undefined. */
export function readServerLock(dataDir: string): ServerLock | undefined {
  const lock = readLock(dataDir);
  if (!lock || !Number.isInteger(lock.pid)) return undefined;
  try {
    process.kill(lock.pid, 0);
    return lock;
  } catch (error) {
    // EPERM: alive, but another user's; still a process holding the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? lock : undefined;
  }
}
