import { z } from './zod.js';
import { capitalEnvelope, envelope } from './envelope.js';
import { FREE_DELIVERY_VALUE, PRODUCT_DESCRIPTION_MAX, SEARCH_PAGE_LIMIT } from './constants.js';
import { idSchema } from './ids.js';
import { imageVariantsSchema, mediaUrlSchema } from './media.js';
import { PRODUCT_COLOURS } from './colours.js';
import { gstRateSchema, hsnCodeSchema } from './gst.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { CREDIT_PERIOD_LABELS, PRICE_UNIT, PRODUCT_MESSAGES } from './texts/products.js';

/** '' (a form's empty choice) or absent: the draft gets DEFAULT_GST_RATE, an update keeps the rate. */
const optionalGstRate = z.preprocess((v) => (v === '' ? undefined : v), gstRateSchema.optional());

export const MAX_PRICE = 10_000_000;

export const PRODUCT_GENDERS = ['Men', 'Women', 'Kids', 'Universal'] as const;
export const DISPATCH_TIMES = ['1-2 Days', '3-6 Days'] as const;
export const OWNERSHIP_TYPES = ['Brand', 'Reseller'] as const;
export const CHANNEL_TYPES = ['Online', 'Offline', 'Omni'] as const;
export const DELIVERY_OPTIONS = ['Free', 'Charged'] as const;
export const YES_NO = ['yes', 'no'] as const;
/** "0" none, "1" one month, "2" two months; the 2-month option is shown disabled (spec section 4). */
export const CREDIT_PERIODS = ['0', '1', '2'] as const;
export const SELECTABLE_CREDIT_PERIODS = ['0', '1'] as const;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCT_TAGS = 20;
/** Product lists: the spec's clients ask for page 1 of 10000 (section 9). */
export const PRODUCT_LIST_MAX_LIMIT = 10_000;

// Form inputs arrive as strings; the spec parses numbers to integers with empty as 0.
function toInteger(value: unknown): unknown {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return 0;
    return /^\d+$/.test(trimmed) ? Number(trimmed) : value;
  }
  return value;
}

export const intField = (label: string, max = MAX_PRICE) =>
  z.preprocess(
    toInteger,
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max}`),
  );

/** "a, b ,,c" -> ["a","b","c"]: tags are split on commas and trimmed (spec section 5). */
export function splitTags(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  }
  if (Array.isArray(value)) {
    return (value as unknown[]).map((v) => (typeof v === 'string' ? v.trim() : v)).filter(Boolean);
  }
  return value;
}

/**
 * A stock count: absent or blank is "not given", not 0. A product created without one does not
 * track its stock (decision 022), so the spec's payload, which has no stock field, can be bought.
 */
const stockCount = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    intField('Stock', 10_000_000).optional(),
  )
  .optional();

/** Track stock on or off; the strings "true" and "false" of a form are accepted too. */
const trackFlag = z
  .preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Track stock is true or false' }),
  )
  .optional();

const STOCK_COUNT_NEEDED = 'Enter how many are in stock, or turn stock tracking off';

/**
 * Whether a product counts its stock: the seller's explicit choice, otherwise whether a count was
 * given. An untracked product can always be ordered (as Shopify's "track quantity" off).
 */
export function tracksStock(d: { trackInventory?: boolean | undefined; stock?: number | undefined }) {
  return d.trackInventory ?? d.stock !== undefined;
}

/** Whether `quantity` can be ordered: always from untracked stock, else while enough is left. */
export function canSupply(p: { trackInventory: boolean; inventoryQuantity: number }, quantity: number) {
  return !p.trackInventory || p.inventoryQuantity >= quantity;
}

/** "Only N left" from this many units down. */
export const LOW_STOCK_AT = 5;
export type StockState =
  | { kind: 'in-stock'; label: 'In stock' }
  | { kind: 'low'; label: string; left: number }
  | { kind: 'sold-out'; label: 'Sold out' };

/** What a buyer is told about a product's stock; untracked stock shows no count. */
export function stockState(p: { track_inventory: boolean; inventory_quantity: number }): StockState {
  if (!p.track_inventory) return { kind: 'in-stock', label: 'In stock' };
  const left = p.inventory_quantity;
  if (left <= 0) return { kind: 'sold-out', label: 'Sold out' };
  if (left <= LOW_STOCK_AT) return { kind: 'low', label: `Only ${left} left`, left };
  return { kind: 'in-stock', label: 'In stock' };
}

const tagList = (label: string) =>
  z.preprocess(
    splitTags,
    z
      .array(z.string().max(40, `Each ${label} is at most 40 characters`))
      .max(MAX_PRODUCT_TAGS, `At most ${MAX_PRODUCT_TAGS} ${label}s`),
  );

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`);
const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `Choose a ${label}: ${values.join(', ')}` });

export const productColourSchema = z.enum(PRODUCT_COLOURS, { error: 'Choose a colour from the list' });

export const productImageSchema = z.object({
  name: z.string().max(300).default(''),
  url: mediaUrlSchema,
  type: z.literal('IMAGE').default('IMAGE'),
});

export const productCategorySchema = z.object({
  parentCategoryName: requiredText('Category', 100),
  childCategoryName: requiredText('Sub-category', 100),
});

/** Checks across prices; used on create and, after merging with the stored values, on update. */
export function productPriceIssues(p: {
  ogPrice: number;
  dsctPrice: number;
  retailPrice: number;
  dsctRetailPrice: number;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  // Selling above the printed MRP is not allowed in India.
  if (p.retailPrice > 0 && p.dsctRetailPrice > p.retailPrice) {
    issues.dsctRetailPrice = 'Selling price cannot be above the MRP';
  }
  if (p.ogPrice > 0 && p.dsctPrice > p.ogPrice) {
    issues.dsctPrice = 'Wholesale selling price cannot be above the wholesale catalogue price';
  }
  return issues;
}

/** The seller's product form (spec section 3, "Product draft"), field names as the clients send them. */
export const productDraftObject = z.object({
  images: z
    .array(productImageSchema)
    .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`)
    .default([]),
  // The video input is disabled (spec section 5); the field is accepted but must stay empty.
  videos: z.array(z.unknown()).max(0, 'Video upload is not available').default([]),
  colour: productColourSchema,
  /** Brand plus model when left blank. */
  productName: text('Product name', 200).default(''),
  brand: requiredText('Brand', 100),
  model: requiredText('Model', 100),
  moq: intField('MOQ', 1_000_000),
  /** Units in stock; orders take from it and are refused when too few are left. Absent: not tracked. */
  stock: stockCount,
  /** Off: the product can always be ordered and shows no count. Default: on when a stock is given. */
  trackInventory: trackFlag,
  /** Wholesale catalogue price and wholesale selling price. */
  ogPrice: intField('Wholesale catalogue price'),
  dsctPrice: intField('Wholesale selling price'),
  /**
   * MRP and consumer selling price. Empty becomes 0 like every number of the form (spec section 5);
   * a product whose prices are all 0 is listed but cannot be ordered (`priceOrder`).
   */
  retailPrice: intField('MRP'),
  dsctRetailPrice: intField('Selling price'),
  sku: text('SKU', 64).default(''),
  skuId: text('SKU id', 64).default(''),
  dispatchTime: oneOf(DISPATCH_TIMES, 'dispatch time').default('1-2 Days'),
  category: productCategorySchema,
  gender: oneOf(PRODUCT_GENDERS, 'gender'),
  ownership: oneOf(OWNERSHIP_TYPES, 'ownership').default('Brand'),
  channel: oneOf(CHANNEL_TYPES, 'channel').default('Omni'),
  size: requiredText('Size', 40),
  sizeTags: tagList('size tag').default([]),
  tags: tagList('tag').default([]),
  delivery: oneOf(DELIVERY_OPTIONS, 'delivery').default('Free'),
  samples: oneOf(YES_NO, 'free B2B samples option').default('no'),
  sampleQty: intField('Sample quantity', 100_000),
  samplePrice: intField('Sample price'),
  creditBooster: intField('Credit booster', 100),
  minCreditInstallment: z
    .enum(SELECTABLE_CREDIT_PERIODS, { error: 'Credit period is None or 1 month' })
    .default('0'),
  memberDsct: intField('Member discount', 100),
  autorenewal: oneOf(YES_NO, 'auto-renewal option').default('no'),
  desc: text('Description', PRODUCT_DESCRIPTION_MAX).default(''),
  /** GST rate in percent, included in the prices (decision 031). */
  gstRate: optionalGstRate,
  /** HSN code printed on tax invoices; '' until the seller gives it. */
  hsnCode: hsnCodeSchema.optional(),
  /** Clone Product: the product copied; the server sets the source seller from it. */
  sourceProductId: idSchema.optional(),
});

export const productDraftSchema = productDraftObject.superRefine((draft, ctx) => {
  for (const [path, message] of Object.entries(productPriceIssues(draft))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
  if (draft.trackInventory === true && draft.stock === undefined) {
    ctx.addIssue({ code: 'custom', path: ['stock'], message: STOCK_COUNT_NEEDED });
  }
});
export type ProductDraftInput = z.input<typeof productDraftSchema>;
export type ProductDraft = z.output<typeof productDraftSchema>;

const keepable = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.union([z.literal(''), oneOf(values, label)]).optional();

/**
 * Update Product: `_id` plus any draft field. A blank or zero value keeps the stored value
 * (spec section 5); images are editable on creation only and are ignored here.
 */
export const productUpdateSchema = z
  .object({
    _id: idSchema,
    colour: z.union([z.literal(''), productColourSchema]).optional(),
    productName: text('Product name', 200).optional(),
    brand: text('Brand', 100).optional(),
    model: text('Model', 100).optional(),
    moq: intField('MOQ', 1_000_000).optional(),
    /** With trackInventory true, the count as given (0 included); alone, a non-zero count. */
    stock: stockCount,
    /** true turns tracking on with `stock`; false turns it off (the product can always be ordered). */
    trackInventory: trackFlag,
    ogPrice: intField('Wholesale catalogue price').optional(),
    dsctPrice: intField('Wholesale selling price').optional(),
    retailPrice: intField('MRP').optional(),
    dsctRetailPrice: intField('Selling price').optional(),
    sku: text('SKU', 64).optional(),
    skuId: text('SKU id', 64).optional(),
    dispatchTime: keepable(DISPATCH_TIMES, 'dispatch time'),
    category: z
      .object({
        parentCategoryName: text('Category', 100).default(''),
        childCategoryName: text('Sub-category', 100).default(''),
      })
      .optional(),
    gender: keepable(PRODUCT_GENDERS, 'gender'),
    ownership: keepable(OWNERSHIP_TYPES, 'ownership'),
    channel: keepable(CHANNEL_TYPES, 'channel'),
    size: text('Size', 40).optional(),
    sizeTags: tagList('size tag').optional(),
    tags: tagList('tag').optional(),
    delivery: keepable(DELIVERY_OPTIONS, 'delivery'),
    samples: keepable(YES_NO, 'free B2B samples option'),
    sampleQty: intField('Sample quantity', 100_000).optional(),
    samplePrice: intField('Sample price').optional(),
    creditBooster: intField('Credit booster', 100).optional(),
    minCreditInstallment: z
      .union([
        z.literal(''),
        z.enum(SELECTABLE_CREDIT_PERIODS, { error: 'Credit period is None or 1 month' }),
      ])
      .optional(),
    memberDsct: intField('Member discount', 100).optional(),
    autorenewal: keepable(YES_NO, 'auto-renewal option'),
    desc: text('Description', PRODUCT_DESCRIPTION_MAX).optional(),
    /** 0 is a rate here, not "keep": '' or absent keeps the stored rate. */
    gstRate: optionalGstRate,
    /** '' or absent keeps the stored HSN code. */
    hsnCode: hsnCodeSchema.optional(),
    images: z.array(z.unknown()).optional(),
    videos: z.array(z.unknown()).optional(),
  })
  .refine((u) => u.trackInventory !== true || u.stock !== undefined, {
    path: ['stock'],
    message: STOCK_COUNT_NEEDED,
  });
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const productMediaSchema = z.object({
  type: z.enum(['IMAGE', 'VIDEO']),
  url: z.string(),
  thumbnail: z.string(),
});

/** A product as stored and sent out (spec section 3, "Product (stored)"). */
export const productSchema = z.object({
  _id: idSchema,
  userId: z.object({ _id: idSchema }),
  sourceUserId: idSchema.nullable(),
  sourceProductId: z.string().nullable(),
  prdct_attributes: z.object({
    category: z.object({ parentCategoryName: z.string(), childCategoryName: z.string() }),
    prdct_name: z.string(),
    tagName: z.string(),
    brand: z.string(),
    model: z.string(),
    original_price: z.number().int(),
    dsct_price: z.number().int(),
    dsct_percent: z.number().int(),
    retail_original_price: z.number().int(),
    retail_dsct_price: z.number().int(),
    retail_dsct_percent: z.number().int(),
    size: z.string(),
    colour: z.string(),
    gender: z.string(),
    ownership_type: z.string(),
    channel_type: z.string(),
    description: z.string(),
    media: z.array(productMediaSchema),
    sellerSKU: z.string(),
  }),
  sku_id: z.string(),
  size_tags: z.array(z.string()),
  /** Widths of the smaller AVIF/WebP copies of its images, by image URL (decision 042). */
  imageVariants: imageVariantsSchema.optional(),
  dispatch_time: z.string(),
  free_delivery: z.literal(FREE_DELIVERY_VALUE),
  delivery: z.string(),
  free_samples: z.boolean(),
  sample_charge: z.number().int(),
  sample_qty: z.number().int(),
  credit_booster: z.number().int(),
  credit_period: z.enum(CREDIT_PERIODS),
  credit_isAvail: z.boolean(),
  member_discount: z.number().int(),
  auto_renewal: z.boolean(),
  inventory_quantity: z.number().int(),
  /** false: stock is not counted; the product can always be ordered and shows no count. */
  track_inventory: z.boolean(),
  min_order_quantity: z.number().int(),
  /** GST in percent, included in the prices; and the HSN code ('' until the seller gives it). */
  gst_rate: z.number().int(),
  hsn_code: z.string(),
  tags: z.array(z.string()),
  content: z.object({ name: z.string(), url: z.string() }),
  auditFields: z.object({ isActive: z.boolean() }),
});
export type Product = z.infer<typeof productSchema>;

export const productResponseSchema = capitalEnvelope(productSchema);
export const productCreatedResponseSchema = capitalEnvelope(productSchema);
/** A page of products; `hasMore` says whether the next page has any. */
export const productListResponseSchema = capitalEnvelope(z.array(productSchema)).extend({
  hasMore: z.boolean(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productListParamsSchema = z.object({
  id: idSchema,
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(PRODUCT_LIST_MAX_LIMIT, `Limit must be at most ${PRODUCT_LIST_MAX_LIMIT}`),
});
export const productListQuerySchema = z.object({
  /** Model search of the store catalogue (case-insensitive, part of the model name). */
  model: z.string().trim().max(100, 'Search text is too long').optional(),
});

export const enableDisableRequestSchema = z.object({
  _id: idSchema,
  /** The new state: true enables, false disables. Strings "true"/"false" are accepted too. */
  status: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Status must be true or false' }),
  ),
});

export const searchPrdAttrRequestSchema = z.object({
  key: z.string().trim().min(1, 'Search text is required').max(100, 'Search text is too long'),
});

export const brandProductsRequestSchema = z.object({
  brand: z.string().trim().min(1, 'Brand is required').max(100, 'Brand is too long'),
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRODUCT_LIST_MAX_LIMIT, `Limit must be at most ${PRODUCT_LIST_MAX_LIMIT}`)
    .default(SEARCH_PAGE_LIMIT),
});

export const attributeSearchRequestSchema = z.object({
  searchValue: z.string().trim().max(100, 'Search text is too long').default(''),
  /** Models: only those of this brand. */
  brand: z.string().trim().max(100).optional(),
});
export const brandListResponseSchema = envelope(z.object({ brand: z.array(z.string()) }));
export const modelListResponseSchema = envelope(z.object({ model: z.array(z.string()) }));
export const colourListResponseSchema = envelope(z.object({ colour: z.array(z.string()) }));

/** Fields the seller edits with an Update Code button; one per request. */
export const sellerFieldUpdateSchema = z
  .object({
    affiliate_code: z
      .string()
      .trim()
      .min(1, 'Affiliate code is required')
      .max(40, 'Affiliate code is at most 40 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
      .optional(),
    remaining_reward_amount: intField('Remaining reward amount').optional(),
    total_rewards_rolledout: intField('Total rewards rolled out').optional(),
  })
  .refine((b) => Object.values(b).filter((v) => v !== undefined).length === 1, {
    message: 'Send exactly one of affiliate_code, remaining_reward_amount, total_rewards_rolledout',
  });
export type SellerFieldUpdate = z.infer<typeof sellerFieldUpdateSchema>;
export const sellerFieldsSchema = z.object({
  affiliate_code: z.string(),
  /** Rupees, paise as decimals: computed from the reward ledger (decision 033). */
  remaining_reward_amount: z.number(),
  total_rewards_rolledout: z.number(),
});
export const sellerFieldsResponseSchema = envelope(sellerFieldsSchema);
