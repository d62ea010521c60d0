import type * as PdfLibModule from 'pdf-lib';
import type { PDFDict, PDFDocument, PDFObject, PDFRef } from 'pdf-lib';

/** pdf-lib is loaded with the first PDF, not at start: most processes never see one. */
type PdfLib = typeof PdfLibModule;

export type PdfResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'encrypted' | 'unreadable' };

/** Keys of any dictionary that hold author, editing-software or location data (XMP, Illustrator). */
const METADATA_KEYS = ['Metadata', 'PieceInfo'];

function dictOf({ PDFDict, PDFStream }: PdfLib, object: PDFObject | undefined): PDFDict | undefined {
  if (object instanceof PDFStream) return object.dict;
  if (object instanceof PDFDict) return object;
  return undefined;
}

/** Every indirect object reachable from the document catalog. */
function reachable(lib: PdfLib, doc: PDFDocument): Set<PDFRef> {
  const { PDFArray, PDFRef } = lib;
  const seen = new Set<PDFRef>();
  const root = doc.context.trailerInfo.Root;
  const stack: PDFObject[] = root ? [root] : [];
  while (stack.length > 0) {
    const object = stack.pop();
    if (object instanceof PDFRef) {
      if (seen.has(object)) continue;
      seen.add(object);
      const target = doc.context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else {
      const dict = dictOf(lib, object);
      if (dict) stack.push(...dict.values());
    }
  }
  return seen;
}

/**
 * Rewrites a PDF without its document information (Author, Creator, Producer, Title, dates), its
 * XMP streams and any object nothing points at any more: an earlier revision's information
 * dictionary survives in the file of an incrementally saved PDF.
 */
export async function stripPdfMetadata(bytes: Uint8Array): Promise<PdfResult> {
  const lib = await import('pdf-lib');
  const { PDFDocument, PDFName } = lib;
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted so that case is told apart (pdf-lib's own error class does not
    // survive instanceof); an encrypted file's strings cannot be read, let alone cleaned.
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (doc.isEncrypted) return { ok: false, reason: 'encrypted' };
  try {
    if (doc.getPageCount() === 0) return { ok: false, reason: 'unreadable' };
    doc.context.trailerInfo.Info = undefined;
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const dict = dictOf(lib, object);
      for (const key of METADATA_KEYS) dict?.delete(PDFName.of(key));
    }
    const keep = reachable(lib, doc);
    for (const [ref] of doc.context.enumerateIndirectObjects()) {
      if (!keep.has(ref)) doc.context.delete(ref);
    }
    return { ok: true, bytes: await doc.save({ useObjectStreams: false, updateFieldAppearances: false }) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
