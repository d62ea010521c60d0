import type { BackupTable } from '@app/domain';
import type { PutTablePiece } from './backup-archive.js';
import { selectOf, type DatabaseReader } from './database-snapshot.js';

/**
 * A piece is what is held in memory at once: an archive entry must state its size before its bytes,
 * so COPY's stream is cut here rather than buffered whole.
 */
const PIECE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

/** In COPY's text format a newline inside a value is written `\n`: every raw newline ends a row. */
function countRows(data: Buffer): number {
  let rows = 0;
  for (let at = data.indexOf(NEWLINE); at !== -1; at = data.indexOf(NEWLINE, at + 1)) rows += 1;
  return rows;
}

/**
 * Streams every table's rows to `put`, table after table in the given (load) order and each in
 * pieces; a table always has at least one piece, so an empty one is seen on load too. The rows
 * streamed are counted against the count taken in the same snapshot: a reader that is not one
 * snapshot would fail here instead of writing an inconsistent backup.
 */
export async function exportTables(
  reader: DatabaseReader,
  tables: BackupTable[],
  put: PutTablePiece,
): Promise<void> {
  for (const table of tables) {
    const stream = await reader.copyOut(selectOf(table));
    let parts: Buffer[] = [];
    let size = 0;
    let piece = 0;
    let rows = 0;
    for await (const chunk of stream) {
      const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      rows += countRows(data);
      parts.push(data);
      size += data.length;
      if (size >= PIECE_BYTES) {
        await put(table.name, piece, Buffer.concat(parts, size));
        piece += 1;
        parts = [];
        size = 0;
      }
    }
    if (size > 0 || piece === 0) await put(table.name, piece, Buffer.concat(parts, size));
    if (rows !== table.rows) {
      throw new Error(`${table.name}: ${rows} rows copied where the same snapshot counted ${table.rows}`);
    }
  }
}
