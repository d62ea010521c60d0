import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatPaise } from '@app/domain';
import type { TaxDocumentSnapshot } from '../../db/schema/index.js';

// The PDF of an issued document, drawn from its frozen snapshot only: the same document prints
// the same whatever changed in the store or the product since.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
// Set with pdf-lib, which is loaded on the first document rather than at start-up (it was a third
// of the server's module loading: bench/README.md, "Start-up").
let INK: RGB;
let MUTED: RGB;
let RULE: RGB;

/**
 * The standard PDF fonts cover Latin-1 only (WinAnsi). Accents are kept where Latin-1 has them;
 * other scripts become '?' in the PDF (the snapshot keeps the text as typed).
 */
function printable(text: string): string {
  return text
    .replace(/₹/g, 'Rs.')
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, (ch) => {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7E]+$/.test(plain) ? plain : '?';
    });
}

const rupees = (paise: number) => `Rs. ${formatPaise(paise)}`;

class Writer {
  y = A4.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(
    text: string,
    x: number,
    opts: { size?: number; bold?: boolean; color?: typeof INK; right?: number } = {},
  ) {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.bold : this.font;
    const value = printable(text);
    const at = opts.right === undefined ? x : opts.right - font.widthOfTextAtSize(value, size);
    this.page.drawText(value, { x: at, y: this.y, size, font, color: opts.color ?? INK });
  }

  /** Wraps `text` to `width`, drawing line under line; answers the lines used. */
  wrapped(text: string, x: number, width: number, size = 9, bold = false): number {
    const font = bold ? this.bold : this.font;
    const words = printable(text).split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    const startY = this.y;
    lines.forEach((l, i) => {
      this.page.drawText(l, { x, y: startY - i * (size + 3), size, font, color: INK });
    });
    return Math.max(1, lines.length);
  }

  down(points: number) {
    this.y -= points;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }
}

export async function renderTaxDocument(doc: TaxDocumentSnapshot): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  INK = rgb(0.1, 0.1, 0.1);
  MUTED = rgb(0.35, 0.35, 0.35);
  RULE = rgb(0.75, 0.75, 0.75);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setCreator('RevuHub');
  const page = pdf.addPage([A4.width, A4.height]);
  const w = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  const right = A4.width - MARGIN;
  const taxed = doc.supply !== 'untaxed';

  w.text(doc.title, MARGIN, { size: 18, bold: true });
  w.text(`No. ${doc.number}`, 0, { size: 11, bold: true, right });
  w.down(16);
  w.text(`Date: ${doc.date}`, 0, { right });
  w.text(`Order ${doc.orderNumber}`, MARGIN, { color: MUTED });
  if (doc.against) {
    w.down(13);
    w.text(`Against invoice ${doc.against.number} dated ${doc.against.date}`, MARGIN);
    w.down(13);
    w.wrapped(`Reason: ${doc.against.reason}`, MARGIN, right - MARGIN);
  }
  w.down(22);

  // Seller and buyer side by side.
  const half = (right - MARGIN) / 2 - 10;
  const top = w.y;
  w.text('Sold by', MARGIN, { bold: true, color: MUTED });
  w.down(13);
  w.text(doc.seller.legalName, MARGIN, { bold: true });
  w.down(12);
  let used = w.wrapped(doc.seller.address, MARGIN, half);
  w.down(12 * used);
  w.text(doc.seller.gstin ? `GSTIN: ${doc.seller.gstin}` : 'Not registered for GST', MARGIN);
  w.down(12);
  if (doc.seller.stateName) w.text(`State: ${doc.seller.stateName} (${doc.seller.stateCode})`, MARGIN);
  const sellerBottom = w.y;

  const bx = MARGIN + half + 20;
  w.y = top;
  w.text('Billed and shipped to', bx, { bold: true, color: MUTED });
  w.down(13);
  w.text(doc.buyer.name, bx, { bold: true });
  w.down(12);
  used = w.wrapped(doc.buyer.address, bx, half);
  w.down(12 * used);
  if (doc.buyer.gstin) {
    w.text(`GSTIN: ${doc.buyer.gstin}`, bx);
    w.down(12);
  }
  w.text(
    `Place of supply: ${doc.placeOfSupply.stateName}${doc.placeOfSupply.stateCode ? ` (${doc.placeOfSupply.stateCode})` : ''}`,
    bx,
  );
  w.y = Math.min(sellerBottom, w.y) - 22;

  // The lines.
  const cols = taxed
    ? [
        { label: 'Description', x: MARGIN },
        { label: 'HSN', x: 208 },
        { label: 'Qty', right: 268 },
        { label: 'GST %', right: 305 },
        { label: 'Taxable', right: 370 },
        ...(doc.supply === 'intra-state'
          ? [
              { label: 'CGST', right: 425 },
              { label: 'SGST', right: 480 },
            ]
          : [{ label: 'IGST', right: 480 }]),
        { label: 'Total', right },
      ]
    : [
        { label: 'Description', x: MARGIN },
        { label: 'HSN', x: 260 },
        { label: 'Qty', right: 340 },
        { label: 'Unit price', right: 440 },
        { label: 'Amount', right },
      ];
  w.rule();
  w.down(12);
  for (const c of cols)
    w.text(c.label, 'x' in c ? (c.x ?? 0) : 0, { bold: true, ...('right' in c ? { right: c.right } : {}) });
  w.down(6);
  w.rule();
  w.down(12);
  for (const line of doc.lines) {
    const qty = line.quantity > 0 ? String(line.quantity) : '-';
    const descWidth = (taxed ? 208 : 260) - MARGIN - 8;
    const rowTop = w.y;
    const rows = w.wrapped(line.description, MARGIN, descWidth);
    w.y = rowTop;
    if (taxed) {
      w.text(line.hsn || '-', 208);
      w.text(qty, 0, { right: 268 });
      w.text(`${line.ratePercent}%`, 0, { right: 305 });
      w.text(formatPaise(line.taxablePaise), 0, { right: 370 });
      if (doc.supply === 'intra-state') {
        w.text(formatPaise(line.cgstPaise), 0, { right: 425 });
        w.text(formatPaise(line.sgstPaise), 0, { right: 480 });
      } else {
        w.text(formatPaise(line.igstPaise), 0, { right: 480 });
      }
      w.text(formatPaise(line.totalPaise), 0, { right });
    } else {
      w.text(line.hsn || '-', 260);
      w.text(qty, 0, { right: 340 });
      w.text(formatPaise(line.unitPricePaise), 0, { right: 440 });
      w.text(formatPaise(line.totalPaise), 0, { right });
    }
    w.down(12 * rows + 4);
  }
  w.rule();
  w.down(16);

  // Totals.
  const t = doc.totals;
  const sums: [string, number][] = taxed
    ? [
        ['Taxable value', t.taxablePaise],
        ...(doc.supply === 'intra-state'
          ? ([
              [`CGST @ ${(doc.lines[0]?.ratePercent ?? 0) / 2}%`, t.cgstPaise],
              [`SGST @ ${(doc.lines[0]?.ratePercent ?? 0) / 2}%`, t.sgstPaise],
            ] as [string, number][])
          : ([[`IGST @ ${doc.lines[0]?.ratePercent ?? 0}%`, t.igstPaise]] as [string, number][])),
      ]
    : [];
  for (const [label, paise] of sums) {
    w.text(label, 0, { right: 440 });
    w.text(rupees(paise), 0, { right });
    w.down(13);
  }
  w.text(doc.title === 'Credit Note' ? 'Total credited' : 'Total', 0, { bold: true, size: 11, right: 440 });
  w.text(rupees(t.totalPaise), 0, { bold: true, size: 11, right });
  w.down(18);
  used = w.wrapped(`Amount in words: ${doc.amountInWords}`, MARGIN, right - MARGIN);
  w.down(12 * used + 10);
  if (!taxed) {
    w.wrapped(
      'The seller is not registered for GST: no tax is charged on this supply.',
      MARGIN,
      right - MARGIN,
    );
    w.down(14);
  } else {
    w.text('Prices include GST. Tax payable on reverse charge: No.', MARGIN, { color: MUTED });
    w.down(14);
  }
  w.text('This is a computer-generated document and needs no signature.', MARGIN, { color: MUTED });
  return pdf.save();
}
