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

export function holdServerLock(dataDir: string, port: number): { release(): void } {
  const lock: ServerLock = { pid: process.pid, port, startedAt: new Date().toISOString() };
  fs.writeFileSync(lockFile(dataDir), JSON.stringify(lock));
  return {
    release() {
      const current = readLock(dataDir);
      if (current?.pid === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
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
