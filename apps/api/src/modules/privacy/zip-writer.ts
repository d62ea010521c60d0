import { crc32 } from 'node:zlib';
import { PassThrough, type Readable } from 'node:stream';

/**
 * A streaming ZIP writer (stored entries, no compression): the export's files are JPEG, WebP, MP4
 * and PDF, which do not shrink, and storing lets each file pass through without being held whole.
 * Sizes and CRC follow each entry in a data descriptor (general purpose bit 3), so nothing needs to
 * be known before the bytes have gone by. No ZIP64: an export past 4 GiB is refused.
 */
export interface ZipEntry {
  name: string;
  /** The bytes, or a function opening them; an entry whose source fails is skipped, not fatal. */
  source: Buffer | (() => Promise<Readable>);
}

const LIMIT = 0xffffffff;

function dosDateTime(date: Date) {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

/** Writes the entries one after another into the returned stream; `onSkip` hears of unreadable ones. */
export function zipStream(entries: ZipEntry[], onSkip?: (name: string, error: unknown) => void): Readable {
  const out = new PassThrough();
  const { time, day } = dosDateTime(new Date());
  const written: Written[] = [];
  let offset = 0;

  const push = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };

  async function writeEntry(entry: ZipEntry) {
    let body: Readable | Buffer;
    try {
      body = Buffer.isBuffer(entry.source) ? entry.source : await entry.source();
    } catch (error) {
      onSkip?.(entry.name, error);
      return;
    }
    const name = Buffer.from(entry.name, 'utf8');
    const start = offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // bit 3: sizes follow; bit 11: UTF-8 names
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(day, 12);
    // CRC and sizes stay zero here: the data descriptor carries them.
    header.writeUInt16LE(name.length, 26);
    await push(Buffer.concat([header, name]));
    let crc = 0;
    let size = 0;
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body)
      ? [body]
      : (body as AsyncIterable<Buffer>);
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      await push(chunk);
    }
    if (size > LIMIT || offset > LIMIT)
      throw new Error('The export is larger than a ZIP without ZIP64 holds');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    await push(descriptor);
    written.push({ name, crc: crc >>> 0, size, offset: start });
  }

  async function writeDirectory() {
    const start = offset;
    for (const w of written) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // made by
      record.writeUInt16LE(20, 6); // needed
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(0, 10);
      record.writeUInt16LE(time, 12);
      record.writeUInt16LE(day, 14);
      record.writeUInt32LE(w.crc, 16);
      record.writeUInt32LE(w.size, 20);
      record.writeUInt32LE(w.size, 24);
      record.writeUInt16LE(w.name.length, 28);
      record.writeUInt32LE(w.offset, 42);
      await push(Buffer.concat([record, w.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    await push(end);
  }

  void (async () => {
    try {
      for (const entry of entries) await writeEntry(entry);
      await writeDirectory();
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
