import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The unprivileged account PostgreSQL runs as when the server itself runs as root. */
export interface Account {
  name: string;
  uid: number;
  gid: number;
}

function lookUp(name: string): Account | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. Running as root (CI, containers), it runs as `name` (an existing
 * `postgres` by default). The account is created only when asked (`EMBEDDED_PG_CREATE_USER=true`):
 * the system's user database is not this product's to change unasked.
 */
export function postgresAccount(name: string, create: boolean): Account | undefined {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const found = lookUp(name);
  if (found) return found;
  if (create) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
      stdio: 'pipe',
    });
    const made = lookUp(name);
    if (made) return made;
  }
  throw new Error(
    `The server runs as root, and PostgreSQL will not: it runs the embedded database as the account ` +
      `"${name}", which does not exist. Create it (\`useradd --system ${name}\`), name another with ` +
      'EMBEDDED_PG_USER, set EMBEDDED_PG_CREATE_USER=true to let the server create it, or run the ' +
      'server as an ordinary user.',
  );
}

/** Whether the account may pass through every folder above `target` and reach it. */
export function canReach(account: Account, target: string): boolean {
  let at = path.resolve(target);
  for (;;) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(at);
    } catch {
      return false;
    }
    const bits =
      stat.uid === account.uid ? stat.mode >> 6 : stat.gid === account.gid ? stat.mode >> 3 : stat.mode;
    // Folders need search (x); the target itself at least read or search.
    const needed = at === path.resolve(target) && !stat.isDirectory() ? 0o5 : 0o1;
    if ((bits & needed) !== needed) return false;
    const parent = path.dirname(at);
    if (parent === at) return true;
    at = parent;
  }
}

/** Gives a path to the account (when there is one), as PostgreSQL wants to own its folders. */
export function chownTo(account: Account | undefined, target: string) {
  if (account) fs.chownSync(target, account.uid, account.gid);
}

/**
 * The command line that runs `command` as the account and, on Linux, dies with this process:
 * `setpriv --pdeathsig` makes the kernel signal PostgreSQL when the Node process ends, however it
 * ends (kill -9 included), so a postmaster never outlives its server. SIGINT asks for PostgreSQL's
 * fast shutdown, which finishes cleanly.
 */
export function asAccount(
  account: Account | undefined,
  command: string,
  args: string[],
  options: { dieWithParent: boolean },
): { command: string; args: string[] } {
  const setpriv = process.platform === 'linux' ? findSetpriv() : undefined;
  const prefix: string[] = [];
  if (options.dieWithParent && setpriv) prefix.push('--pdeathsig', 'SIGINT');
  if (account) {
    if (!setpriv)
      throw new Error(
        'Running as root needs util-linux setpriv to run the embedded PostgreSQL as its account',
      );
    prefix.push(`--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups');
  }
  if (prefix.length === 0 || !setpriv) return { command, args };
  return { command: setpriv, args: [...prefix, '--', command, ...args] };
}

let setprivPath: string | null | undefined;
function findSetpriv(): string | undefined {
  if (setprivPath === undefined) {
    setprivPath =
      ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv'].find((p) => fs.existsSync(p)) ?? null;
  }
  return setprivPath ?? undefined;
}
