import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** One ISO-BMFF box: 32-bit size, four-letter type, payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export const GPS_ISO6709 = '+12.9716+077.5946+0920.000/';
export const AUTHOR = 'Secret Author Asha Rao';
export const XMP_GPS = 'exif:GPSLatitude="12,58.30N"';
/** The media data of every test movie, to check it comes out byte for byte. */
export const FRAMES = Buffer.alloc(4096, 0x5a);

/**
 * A small MP4 or QuickTime movie laid out as phones write it: `moov` first, with the place it was
 * filmed (`©xyz`), its author (`©ART`) and camera in `udta`, an Apple location key in `meta`, and
 * an XMP packet in a top-level `uuid` box. With `metadata: false` it has none of these.
 */
export function movie({
  brand = 'isom',
  metadata = false,
  moovLast = false,
}: {
  brand?: string;
  metadata?: boolean;
  /** As cameras write it: the movie header after the media data. */
  moovLast?: boolean;
}): Buffer {
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0${brand}`, 'latin1'));
  const mvhd = box('mvhd', Buffer.alloc(100));
  const tkhd = box('tkhd', Buffer.alloc(84));
  const full = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
  const u32 = (...values: number[]) =>
    Buffer.concat(values.map((v) => Buffer.from([v >>> 24, v >>> 16, v >>> 8, v].map((b) => b & 0xff))));
  // An empty video track: what a parser needs to accept the movie as one.
  const mdia = box(
    'mdia',
    full('mdhd', u32(0, 0, 600, 0), Buffer.alloc(4)),
    full('hdlr', u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(13)),
    box(
      'minf',
      box('vmhd', Buffer.from([0, 0, 0, 1]), Buffer.alloc(8)),
      box('dinf', full('dref', u32(1), box('url ', Buffer.from([0, 0, 0, 1])))),
      box(
        'stbl',
        full('stsd', u32(0)),
        full('stts', u32(0)),
        full('stsc', u32(0)),
        full('stsz', u32(0, 0)),
        full('stco', u32(0)),
      ),
    ),
  );
  const text = (value: string) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(Buffer.byteLength(value), 0);
    return Buffer.concat([head, Buffer.from(value, 'utf8')]);
  };
  const udta = box(
    'udta',
    box('\xa9xyz', text(GPS_ISO6709)),
    box('\xa9ART', text(AUTHOR)),
    box('\xa9mak', text('TestPhone')),
  );
  const meta = box(
    'meta',
    Buffer.alloc(4),
    box('hdlr', Buffer.alloc(8), Buffer.from('mdta', 'latin1'), Buffer.alloc(13)),
    box('keys', Buffer.alloc(8), box('mdta', Buffer.from('com.apple.quicktime.location.ISO6709'))),
    box('ilst', box('\0\0\0\x01', box('data', Buffer.alloc(8), Buffer.from(GPS_ISO6709)))),
  );
  const trak = box('trak', tkhd, mdia, ...(metadata ? [box('udta', box('\xa9ART', text(AUTHOR)))] : []));
  const moov = box('moov', mvhd, trak, ...(metadata ? [udta, meta] : []));
  const xmp = box(
    'uuid',
    Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'),
    Buffer.from(`<x:xmpmeta><rdf:Description ${XMP_GPS}/></x:xmpmeta>`),
  );
  const tail = metadata ? [xmp] : [];
  return moovLast
    ? Buffer.concat([ftyp, box('mdat', FRAMES), moov, ...tail])
    : Buffer.concat([ftyp, moov, ...tail, box('mdat', FRAMES)]);
}

export const PDF_AUTHOR = 'Secret Author Asha Rao';
export const PDF_OLD_AUTHOR = 'Earlier Author Ravi Kumar';
export const PDF_XMP = 'Bengaluru exif:GPSLatitude';

/** A one-page invoice with an author, creator, title, an XMP stream and a stale information dictionary. */
export async function pdfWithMetadata({ metadata = true }: { metadata?: boolean }): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([300, 200]);
  page.drawText('Invoice 42: 1 x earbuds', { x: 20, y: 100, size: 12 });
  if (metadata) {
    doc.setAuthor(PDF_AUTHOR);
    doc.setCreator('Secret Creator App');
    doc.setTitle('Invoice of Asha Rao');
    const xmp = doc.context.stream(`<x:xmpmeta><rdf:Description>${PDF_XMP}</rdf:Description></x:xmpmeta>`, {
      Type: 'Metadata',
      Subtype: 'XML',
    });
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
    // What an incrementally saved PDF keeps: the information dictionary of an earlier revision.
    doc.context.register(doc.context.obj({ Author: PDFString.of(PDF_OLD_AUTHOR) }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
