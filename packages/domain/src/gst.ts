import { z } from './zod.js';
import { envelope } from './envelope.js';
import { GSTIN_PATTERN, PAN_PATTERN, panSchema } from './applications.js';
import { idSchema } from './ids.js';
import { GST_STATES } from './texts/gst.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { GST_STATES } from './texts/gst.js';

// GST tax invoices, bills of supply and credit notes (issue 23, decision 031). Pure rules: the API
// computes every printed amount with these from the stored order, never from the browser.

/** The GST slabs a product can carry. Prices are inclusive of GST, as Indian retail quotes them. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];
/** What a product has until its seller says otherwise (existing products were given it too). */
export const DEFAULT_GST_RATE: GstRate = 18;

export const gstRateSchema = z.coerce
  .number({ error: 'Choose a GST rate: 0, 5, 12, 18 or 28%' })
  .refine((v): v is GstRate => (GST_RATES as readonly number[]).includes(v), {
    message: 'Choose a GST rate: 0, 5, 12, 18 or 28%',
  });

/** HSN: 4 to 8 digits; '' while the seller has not given one (they are asked to). */
export const hsnCodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{4,8})?$/, 'HSN code is 4 to 8 digits');

export type GstStateCode = (typeof GST_STATES)[number]['code'];
const STATE_CODES: readonly string[] = GST_STATES.map((s) => s.code);

const squash = (v: string) =>
  v
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** The GST state code of a state as a person typed it ("Karnataka", "KA", "tamil nadu"); null when unknown. */
export function gstStateCodeOf(state: string): GstStateCode | null {
  const key = squash(state);
  if (!key) return null;
  const hit = GST_STATES.find((s) => squash(s.name) === key || (s.also as readonly string[]).includes(key));
  return hit?.code ?? null;
}

export function gstStateName(code: string): string {
  return GST_STATES.find((s) => s.code === code)?.name ?? '';
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, computed from the first 14 (the GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with a GSTIN (shape, state code, check character), or null when it is valid. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5';
  if (!STATE_CODES.includes(gstin.slice(0, 2))) return 'The GSTIN does not start with an Indian state code';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14))
    return 'This GSTIN has a typing mistake: its last character does not match';
  return null;
}

/** A GSTIN is one seller's (issue 40): another seller's is refused with this. */
export const GSTIN_TAKEN = 'This GSTIN is already registered to another seller on Revuhub';

/**
 * Issue 40: a store's tax invoices are issued from its state, so they carry that state's code and
 * a GSTIN registered there; another state's GSTIN on them would be a wrong tax document.
 */
export const storeStateMismatch = (state: string, code: string) =>
  `Your store is in ${state}: its tax invoices carry state code ${code} and a GSTIN registered in ${state}`;

/** Characters 3 to 12 of a GSTIN: the PAN of the person or business it is registered to. */
export const gstinPanOf = (gstin: string) => gstin.slice(2, 12);

export const PAN_NEEDED_WITH_GSTIN = 'Enter the PAN your GSTIN is registered to';
/** Issue 40: the seller's PAN must be the one inside the GSTIN they give (decision 069). */
export const PAN_NOT_OF_GSTIN =
  "This PAN is not the GSTIN's: characters 3 to 12 of a GSTIN are the PAN it is registered to";

/**
 * The seller's details printed on their tax documents. Without a GSTIN the seller is not
 * registered for GST and issues bills of supply (no tax charged). A GSTIN comes with the PAN it is
 * registered to; a new one waits for an admin's approval before documents print it (decision 069).
 */
export const sellerTaxDetailsSchema = z
  .object({
    legalName: z
      .string()
      .trim()
      .min(1, 'Legal name is required')
      .max(160, 'Legal name is at most 160 characters'),
    address: z.string().trim().min(1, 'Address is required').max(300, 'Address is at most 300 characters'),
    stateCode: z
      .string()
      .refine((v) => STATE_CODES.includes(v), 'Choose your state')
      .transform((v) => v as GstStateCode),
    gstin: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .superRefine((v, ctx) => {
        const problem = v === '' ? null : gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    pan: panSchema.default(''),
  })
  .superRefine((d, ctx) => {
    if (!d.gstin) return;
    if (d.gstin.slice(0, 2) !== d.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is registered in ${gstStateName(d.gstin.slice(0, 2)) || 'another state'}; choose that state or check the GSTIN`,
      });
    }
    if (d.pan === '') {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: PAN_NEEDED_WITH_GSTIN });
    } else if (PAN_PATTERN.test(d.pan) && GSTIN_PATTERN.test(d.gstin) && gstinPanOf(d.gstin) !== d.pan) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: PAN_NOT_OF_GSTIN });
    }
  });
export type SellerTaxDetailsInput = z.input<typeof sellerTaxDetailsSchema>;
export type SellerTaxDetails = z.output<typeof sellerTaxDetailsSchema>;

/** Where a GSTIN a seller gave stands (decision 069); WITHDRAWN: they gave another or none meanwhile. */
export const GSTIN_REQUEST_STATES = ['PENDING', 'APPROVED', 'REFUSED', 'WITHDRAWN'] as const;
export type GstinRequestState = (typeof GSTIN_REQUEST_STATES)[number];

export const sellerTaxDetailsResponseSchema = envelope(
  z.object({
    legalName: z.string(),
    address: z.string(),
    stateCode: z.string(),
    /** The GSTIN the seller stands by: the one waiting for approval, else the approved one. */
    gstin: z.string(),
    /** The PAN that GSTIN is registered to (the application's PAN until the seller gives one). */
    pan: z.string(),
    /** What their tax documents print now: the GSTIN an admin approved last; '' issues bills of supply. */
    approvedGstin: z.string(),
    /** The seller's latest GSTIN while it waits for the admin, or when the admin refused it (and why). */
    gstinReview: z
      .object({
        state: z.enum(['PENDING', 'REFUSED']),
        gstin: z.string(),
        requestedAt: z.string(),
        /** The admin's reason for a refusal; '' while pending. */
        reason: z.string(),
        decidedAt: z.string().nullable(),
      })
      .nullable(),
    /** Active products without an HSN code: the seller is asked to fill them in. */
    productsWithoutHsn: z.number().int(),
  }),
);
export type SellerTaxDetailsView = z.infer<typeof sellerTaxDetailsResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Numbers and dates.

/** India's time, in which an invoice's date and financial year are counted. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The Indian financial year (1 April to 31 March) of an instant, e.g. "2026-27". */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The date printed on a document, in India's time: "25 Nov 2026". */
export function invoiceDateOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${ist.getUTCDate()} ${month[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

export const TAX_DOCUMENT_KINDS = ['TAX_INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const TAX_DOCUMENT_TITLES: Readonly<Record<TaxDocumentKind, string>> = {
  TAX_INVOICE: 'Tax Invoice',
  BILL_OF_SUPPLY: 'Bill of Supply',
  CREDIT_NOTE: 'Credit Note',
};

/**
 * Each kind is its own gapless series per seller and financial year. One letter, so that
 * `I/2026-27/000123` keeps within the 16 characters rule 46(b) of the CGST Rules allows.
 */
export const TAX_DOCUMENT_PREFIXES: Readonly<Record<TaxDocumentKind, string>> = {
  TAX_INVOICE: 'I',
  BILL_OF_SUPPLY: 'B',
  CREDIT_NOTE: 'C',
};

/** `PREFIX/2026-27/000123`. */
export function taxDocumentNumber(kind: TaxDocumentKind, financialYear: string, serial: number): string {
  return `${TAX_DOCUMENT_PREFIXES[kind]}/${financialYear}/${String(serial).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts (integer paise throughout).

export interface TaxSplit {
  /** The value before GST. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value plus tax: the inclusive amount it was computed from. */
  totalPaise: number;
}

/**
 * Splits a GST-inclusive amount: taxable value = total × 100 / (100 + rate), rounded to the paisa,
 * and the tax is the rest, so the parts always add up to what the buyer paid. Within one state
 * (seller's state = place of supply) the tax is half CGST, half SGST (an odd paisa goes to SGST);
 * between states it is all IGST. Without GST registration (a bill of supply) nothing is tax.
 */
export function splitInclusive(
  totalPaise: number,
  ratePercent: number,
  supply: 'intra-state' | 'inter-state' | 'untaxed',
): TaxSplit {
  if (supply === 'untaxed' || ratePercent === 0) {
    return { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise };
  }
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  const tax = totalPaise - taxablePaise;
  if (supply === 'inter-state')
    return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, totalPaise };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0, totalPaise };
}

/** Whether a supply is taxed within one state, between states, or not at all (no GSTIN). */
export function supplyOf(
  sellerGstin: string,
  sellerStateCode: string,
  placeOfSupplyCode: string,
): 'intra-state' | 'inter-state' | 'untaxed' {
  if (!sellerGstin) return 'untaxed';
  return sellerStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';
}

/** "1,23,456.50": rupees and paise grouped the Indian way. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toString();
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${ones ? ` ${ONES[ones] ?? ''}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words, counted the Indian way: crore, lakh, thousand, hundred. */
export function indianNumberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianNumberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

// ---------------------------------------------------------------------------------------------
// What the order pages list.

export const taxDocumentSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  totalPaise: z.number().int(),
  /**
   * Where the PDF downloads from, for a while, without a session or the order's key: a link the
   * browser follows (it sends no Authorization header), given only to whoever may read the list.
   */
  downloadUrl: z.string(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;
export const taxDocumentListResponseSchema = envelope(z.array(taxDocumentSummarySchema));
export const taxDocumentParamsSchema = z.object({ orderId: idSchema, documentId: idSchema });
export const taxDocumentDownloadQuerySchema = z.object({
  download: z
    .string()
    .trim()
    .max(100, 'The download link is not valid')
    .regex(/^[0-9]+\.[A-Za-z0-9_-]+$/, 'The download link is not valid')
    .optional(),
});
