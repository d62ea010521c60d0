import { z } from './zod.js';
import { productDraftSchema, type Product } from './products.js';
import { idSchema } from './ids.js';
import { CSV_COLUMNS } from './texts/catalogue.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { CSV_COLUMNS } from './texts/catalogue.js';

/** One card of a store's digital catalogue (spec section 3, "Catalogue product view"). */
export interface CatalogueItem {
  key: string;
  media: string[];
  brand: string;
  model: string;
  colour: string;
  gender: string;
  sizeArray: { size: string; productId: string }[];
  /** Consumer: MRP and selling price (SRP). Business: SRP, wholesale catalogue and selling prices. */
  MRP: number;
  SRP: number;
  WholesaleCataloguePrice: number;
  WholesaleSellingPrice: number;
  sourceUserId: string | null;
  /** The sizes differ in the consumer selling price: the card reads "from ₹…". */
  consumerPricesVary: boolean;
  /** The sizes differ in the wholesale selling price: the business card reads "from ₹…". */
  businessPricesVary: boolean;
}

/** Products of one card: same brand, gender, model and colour (any case). */
export function catalogueKey(p: Product): string {
  const a = p.prdct_attributes;
  return [a.brand, a.gender, a.model, a.colour].map((s) => s.toLowerCase()).join('\u0000');
}

/** Every size of `product`'s model and colour among `products` (itself included), in size order. */
export function sizesOf(product: Product, products: readonly Product[]): Product[] {
  const key = catalogueKey(product);
  const sizes = products.filter((p) => p._id !== product._id && catalogueKey(p) === key);
  return [product, ...sizes].sort((x, y) => compareSizes(x.prdct_attributes.size, y.prdct_attributes.size));
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL'];

/** Letter sizes in wearing order, then sizes by their first number (UK 8 < UK 10), then by text. */
export function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a.toUpperCase());
  const lb = LETTER_SIZES.indexOf(b.toUpperCase());
  if (la !== -1 || lb !== -1) return la === -1 ? 1 : lb === -1 ? -1 : la - lb;
  const na = /\d+(\.\d+)?/.exec(a);
  const nb = /\d+(\.\d+)?/.exec(b);
  const prefixA = na ? a.slice(0, na.index) : a;
  const prefixB = nb ? b.slice(0, nb.index) : b;
  if (na && nb && prefixA === prefixB) return Number(na[0]) - Number(nb[0]);
  return a.localeCompare(b);
}

/**
 * Groups products by brand, gender, model and colour, one card per group with a link per size.
 * A card's prices are those of its cheapest size in each view (consumer: selling price; business:
 * wholesale selling price), so a card never shows more than a buyer pays.
 */
export function groupCatalogue(products: readonly Product[]): CatalogueItem[] {
  const groups = new Map<string, CatalogueItem>();
  for (const p of products) {
    const a = p.prdct_attributes;
    const key = catalogueKey(p);
    let item = groups.get(key);
    if (!item) {
      item = {
        key,
        media: [],
        brand: a.brand,
        model: a.model,
        colour: a.colour,
        gender: a.gender,
        sizeArray: [],
        MRP: a.retail_original_price,
        SRP: a.retail_dsct_price,
        WholesaleCataloguePrice: a.original_price,
        WholesaleSellingPrice: a.dsct_price,
        sourceUserId: p.sourceUserId,
        consumerPricesVary: false,
        businessPricesVary: false,
      };
      groups.set(key, item);
    } else {
      if (a.retail_dsct_price !== item.SRP) item.consumerPricesVary = true;
      if (a.dsct_price !== item.WholesaleSellingPrice) item.businessPricesVary = true;
      if (a.retail_dsct_price < item.SRP) {
        item.MRP = a.retail_original_price;
        item.SRP = a.retail_dsct_price;
      }
      if (a.dsct_price < item.WholesaleSellingPrice) {
        item.WholesaleCataloguePrice = a.original_price;
        item.WholesaleSellingPrice = a.dsct_price;
      }
    }
    for (const m of a.media) if (m.type === 'IMAGE' && !item.media.includes(m.url)) item.media.push(m.url);
    item.sizeArray.push({ size: a.size, productId: p._id });
  }
  for (const item of groups.values()) item.sizeArray.sort((x, y) => compareSizes(x.size, y.size));
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------
// CSV import and export: one row per size, the product form's fields, validated by its schema.

export type CsvColumn = (typeof CSV_COLUMNS)[number][0];
export const CSV_COLUMN_NAMES: readonly CsvColumn[] = CSV_COLUMNS.map(([name]) => name);
export const CSV_MAX_ROWS = 10_000;
export const CSV_MAX_BYTES = 8 * 1024 * 1024;

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

/** RFC 4180: commas, quoted fields with "" escapes and line breaks; a leading BOM is dropped. */
export function parseCsv(input: string): CsvRecord[] {
  const textIn = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let sawAny = false;
  for (let i = 0; i < textIn.length; i++) {
    const ch = textIn[i]!;
    if (quoted) {
      if (ch === '"') {
        if (textIn[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      sawAny = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      sawAny = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && textIn[i + 1] === '\n') i++;
      cells.push(cell);
      if (sawAny || cells.some((c) => c !== '')) records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      sawAny = false;
      line++;
      recordLine = line;
    } else {
      cell += ch;
      sawAny = true;
    }
  }
  cells.push(cell);
  if (sawAny || cells.some((c) => c !== '')) records.push({ line: recordLine, cells });
  return records;
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The export row of a product, in CSV_COLUMNS order. */
export function productToCsvRow(p: Product): string[] {
  const a = p.prdct_attributes;
  const values: Record<CsvColumn, string> = {
    _id: p._id,
    brand: a.brand,
    model: a.model,
    productName: a.prdct_name,
    colour: a.colour,
    size: a.size,
    sizeTags: p.size_tags.join(', '),
    gender: a.gender,
    category: a.category.parentCategoryName,
    subCategory: a.category.childCategoryName,
    moq: String(p.min_order_quantity),
    ogPrice: String(a.original_price),
    dsctPrice: String(a.dsct_price),
    retailPrice: String(a.retail_original_price),
    dsctRetailPrice: String(a.retail_dsct_price),
    sku: a.sellerSKU,
    skuId: p.sku_id,
    dispatchTime: p.dispatch_time,
    ownership: a.ownership_type,
    channel: a.channel_type,
    tags: p.tags.join(', '),
    delivery: p.delivery,
    samples: p.free_samples ? 'yes' : 'no',
    sampleQty: String(p.sample_qty),
    samplePrice: String(p.sample_charge),
    creditBooster: String(p.credit_booster),
    minCreditInstallment: p.credit_period,
    memberDsct: String(p.member_discount),
    autorenewal: p.auto_renewal ? 'yes' : 'no',
    desc: a.description,
    images: a.media
      .filter((m) => m.type === 'IMAGE')
      .map((m) => m.url)
      .join(' '),
    isActive: String(p.auditFields.isActive),
  };
  return CSV_COLUMN_NAMES.map((c) => values[c]);
}

/** Undoes the spreadsheet-formula guard of the export. */
const unguard = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);

export interface CsvRowError {
  line: number;
  field: string;
  message: string;
}

export interface ParsedCsvRow {
  line: number;
  _id: string | null;
  isActive: boolean;
  draft: z.output<typeof productDraftSchema>;
}

export interface ParsedCsv {
  rows: ParsedCsvRow[];
  errors: CsvRowError[];
  /** Records in the file, header excluded. */
  total: number;
}

const activeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['', 'true', 'false'], { error: 'isActive is true or false' }),
);

/** Validates one record against the form's schema; `line` numbers every error. */
export function parseCsvRecord(header: readonly string[], record: CsvRecord): ParsedCsvRow | CsvRowError[] {
  const get = (name: CsvColumn) => {
    const index = header.indexOf(name);
    return index === -1 ? '' : unguard((record.cells[index] ?? '').trim());
  };
  const input: Record<string, unknown> = {
    brand: get('brand'),
    model: get('model'),
    productName: get('productName'),
    colour: get('colour'),
    size: get('size'),
    sizeTags: get('sizeTags'),
    gender: get('gender'),
    category: { parentCategoryName: get('category'), childCategoryName: get('subCategory') },
    moq: get('moq'),
    ogPrice: get('ogPrice'),
    dsctPrice: get('dsctPrice'),
    retailPrice: get('retailPrice'),
    dsctRetailPrice: get('dsctRetailPrice'),
    sku: get('sku'),
    skuId: get('skuId'),
    tags: get('tags'),
    desc: get('desc'),
    images: get('images')
      .split(/\s+/)
      .filter(Boolean)
      .map((url) => ({ url, name: '', type: 'IMAGE' as const })),
  };
  // Empty optional choices take the form's defaults.
  const choices = [
    'dispatchTime',
    'ownership',
    'channel',
    'delivery',
    'samples',
    'minCreditInstallment',
    'autorenewal',
  ] as const;
  for (const name of choices) if (get(name) !== '') input[name] = get(name);
  for (const name of ['sampleQty', 'samplePrice', 'creditBooster', 'memberDsct'] as const)
    input[name] = get(name);

  const errors: CsvRowError[] = [];
  const id = get('_id');
  if (id !== '' && !idSchema.safeParse(id).success) {
    errors.push({ line: record.line, field: '_id', message: 'Must be an id from an export, or empty' });
  }
  const active = activeSchema.safeParse(get('isActive'));
  if (!active.success)
    errors.push({ line: record.line, field: 'isActive', message: 'Must be true or false' });
  const parsed = productDraftSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const field =
        path === 'category.parentCategoryName'
          ? 'category'
          : path === 'category.childCategoryName'
            ? 'subCategory'
            : String(issue.path[0] ?? 'row');
      errors.push({ line: record.line, field, message: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) return errors;
  return { line: record.line, _id: id || null, isActive: active.data !== 'false', draft: parsed.data };
}

/** Checks the header; returns the column names of the file or the errors of line 1. */
export function parseCsvHeader(record: CsvRecord | undefined): string[] | CsvRowError[] {
  if (!record) return [{ line: 1, field: 'file', message: 'The file is empty' }];
  const header = record.cells.map((c) => c.trim());
  const required: CsvColumn[] = ['brand', 'model', 'colour', 'size', 'gender', 'category', 'subCategory'];
  const missing = required.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => c !== '' && !CSV_COLUMN_NAMES.includes(c as CsvColumn));
  const errors: CsvRowError[] = [
    ...missing.map((c) => ({ line: 1, field: c, message: `Missing column ${c}` })),
    ...unknown.map((c) => ({ line: 1, field: c, message: `Unknown column ${c}` })),
  ];
  return errors.length > 0 ? errors : header;
}

/** Parses and validates a whole file; duplicate ids in one file are errors too. */
export function parseProductCsv(input: string): ParsedCsv {
  const records = parseCsv(input);
  const header = parseCsvHeader(records[0]);
  if (header.length > 0 && typeof header[0] !== 'string') {
    return { rows: [], errors: header as CsvRowError[], total: Math.max(0, records.length - 1) };
  }
  const names = header as string[];
  const rows: ParsedCsvRow[] = [];
  const errors: CsvRowError[] = [];
  const total = records.length - 1;
  if (total > CSV_MAX_ROWS) {
    return {
      rows: [],
      errors: [{ line: 1, field: 'file', message: `At most ${CSV_MAX_ROWS} rows per file` }],
      total,
    };
  }
  const seenIds = new Map<string, number>();
  for (const record of records.slice(1)) {
    const result = parseCsvRecord(names, record);
    if (Array.isArray(result)) {
      errors.push(...result);
      continue;
    }
    if (result._id) {
      const first = seenIds.get(result._id);
      if (first !== undefined) {
        errors.push({ line: record.line, field: '_id', message: `Same _id as line ${first}` });
        continue;
      }
      seenIds.set(result._id, record.line);
    }
    rows.push(result);
  }
  return { rows, errors, total };
}

export const csvImportRequestSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(CSV_MAX_BYTES, 'The file is larger than 8 MB'),
});
export const csvImportQuerySchema = z.object({
  /** true: validate and report only, store nothing. */
  dryRun: z.enum(['true', 'false']).default('false'),
});
export const csvImportResultSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  }),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
