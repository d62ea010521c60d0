import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { canReach, chownTo, type Account } from './account.js';

/**
 * Where the cluster lives: `DATA_DIR/pg` (0700, the PostgreSQL account's), holding `data/` (PGDATA),
 * the password file and the Unix socket. When the server runs as root and a folder above DATA_DIR
 * cannot be entered by the PostgreSQL account (a clone under root's 0700 home), the cluster lives in
 * `outsideRoot/pg-<hash of DATA_DIR>` instead, and `DATA_DIR/pg-location` says where.
 */
export interface ClusterFolder {
  home: string;
  data: string;
  passwordFile: string;
  log: string;
  /** True when the cluster could not be kept inside DATA_DIR. */
  outside: boolean;
}

const LOCATION_FILE = 'pg-location';

export function clusterFolder(
  dataDir: string,
  account: Account | undefined,
  outsideRoot: string,
): ClusterFolder {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let home = path.join(dataDir, 'pg');
  let outside = false;
  if (account) {
    // The account must pass through DATA_DIR to reach its cluster, and nothing more: 0711.
    fs.chmodSync(dataDir, 0o711);
    if (!canReach(account, dataDir)) {
      const hash = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
      home = path.join(outsideRoot, `pg-${hash}`);
      outside = true;
      fs.mkdirSync(outsideRoot, { recursive: true, mode: 0o755 });
      fs.writeFileSync(
        path.join(dataDir, LOCATION_FILE),
        `${home}\n# The embedded PostgreSQL keeps this folder's database there: the account it runs as ` +
          `(${account.name}) cannot enter a folder above ${dataDir}.\n`,
      );
    }
  }
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.chmodSync(home, 0o700);
  chownTo(account, home);
  return {
    home,
    data: path.join(home, 'data'),
    passwordFile: path.join(home, 'password'),
    log: path.join(home, 'postgresql.log'),
    outside,
  };
}
