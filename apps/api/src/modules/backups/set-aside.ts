import fs from 'node:fs';
import path from 'node:path';
import { runningPostmaster, stopPostmaster } from '../../db/embedded/orphans.js';

export type ReplacedPart = 'pg' | 'db' | 'media';

export interface SetAside {
  /** Where the parts went, for the operator's message (empty when nothing was there). */
  places: string[];
  /** After a failed restore: removes what it made and moves the parts back. */
  putBack(): void;
}

/** The embedded cluster's folder: DATA_DIR/pg, or where DATA_DIR/pg-location says (decision 049). */
function clusterHome(dataDir: string): string {
  try {
    const noted = fs.readFileSync(path.join(dataDir, 'pg-location'), 'utf8').split('\n')[0]?.trim();
    if (noted) return noted;
  } catch {
    // No note: the cluster is inside DATA_DIR.
  }
  return path.join(dataDir, 'pg');
}

/**
 * Moves what a restore replaces out of the way, never deleting it: the embedded PostgreSQL cluster,
 * an earlier release's PGlite folder (else the next start would try to carry it over onto the
 * restored rows) and the uploads go to DATA_DIR/before-restore-<time>/; a cluster kept outside
 * DATA_DIR goes beside itself. A PostgreSQL left running on the cluster is stopped first.
 */
export async function setAsideForRestore(dataDir: string, parts: ReplacedPart[]): Promise<SetAside> {
  const stamp = new Date().toISOString().replace(/:/g, '-');
  const aside = path.join(dataDir, `before-restore-${stamp}`);
  const moves: Array<{ from: string; to: string }> = [];
  for (const part of parts) {
    const from = part === 'pg' ? clusterHome(dataDir) : path.join(dataDir, part);
    if (!fs.existsSync(from)) continue;
    if (part === 'pg') {
      const orphan = runningPostmaster(path.join(from, 'data'));
      if (orphan) await stopPostmaster(orphan);
    }
    const inside = path.resolve(path.dirname(from)) === path.resolve(dataDir);
    const to = inside ? path.join(aside, part) : `${from}.before-restore-${stamp}`;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(from, to);
    moves.push({ from, to });
  }
  return {
    places: [...new Set(moves.map((m) => (m.to.startsWith(aside) ? aside : m.to)))],
    putBack() {
      for (const { from, to } of moves.reverse()) {
        fs.rmSync(from, { recursive: true, force: true });
        fs.renameSync(to, from);
      }
      if (fs.existsSync(aside) && fs.readdirSync(aside).length === 0) fs.rmdirSync(aside);
    },
  };
}
