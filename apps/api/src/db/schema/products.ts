import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { tsvector } from './search-vector.js';
import { users } from './users.js';

/** One image or video of a product; `thumbnail` is the still shown for a video (empty for images). */
export interface ProductMediaItem {
  type: 'IMAGE' | 'VIDEO';
  url: string;
  thumbnail: string;
}

/** "0" no credit, "1" one month, "2" two months (spec section 3). */
export type CreditPeriod = '0' | '1' | '2';

/**
 * A seller's product (spec section 3, "Product (stored)"). The spec nests most fields under
 * `prdct_attributes`; they are flat columns here and nested again when a product is sent out.
 * Prices are whole rupees: the seller form parses every price to an integer.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set on a clone: the seller and product it was cloned from ("Explore Partner Brand"). */
    sourceUserId: text('source_user_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: a clone stays valid when its source product is deleted.
    sourceProductId: text('source_product_id'),
    parentCategoryName: text('parent_category_name').notNull().default(''),
    childCategoryName: text('child_category_name').notNull().default(''),
    prdctName: text('prdct_name').notNull(),
    tagName: text('tag_name').notNull().default(''),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    /** Wholesale catalogue price, wholesale selling price and its discount percent. */
    originalPrice: integer('original_price').notNull().default(0),
    dsctPrice: integer('dsct_price').notNull().default(0),
    dsctPercent: integer('dsct_percent').notNull().default(0),
    /** MRP, selling price and discount percent for consumers. */
    retailOriginalPrice: integer('retail_original_price').notNull().default(0),
    retailDsctPrice: integer('retail_dsct_price').notNull().default(0),
    retailDsctPercent: integer('retail_dsct_percent').notNull().default(0),
    size: text('size').notNull().default(''),
    colour: text('colour').notNull().default(''),
    gender: text('gender').notNull().default(''),
    ownershipType: text('ownership_type').notNull().default(''),
    channelType: text('channel_type').notNull().default(''),
    description: text('description').notNull().default(''),
    media: jsonb('media').$type<ProductMediaItem[]>().notNull().default([]),
    sellerSku: text('seller_sku').notNull().default(''),
    skuId: text('sku_id').notNull().default(''),
    sizeTags: text('size_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** "Free" or "Charged" (seller form); `freeDelivery` stays the spec's fixed "100". */
    delivery: text('delivery').notNull().default('Free'),
    /** Free B2B samples offered. */
    freeSamples: boolean('free_samples').notNull().default(false),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    dispatchTime: text('dispatch_time').notNull().default(''),
    freeDelivery: text('free_delivery').notNull().default('100'),
    sampleCharge: integer('sample_charge').notNull().default(0),
    sampleQty: integer('sample_qty').notNull().default(0),
    creditBooster: integer('credit_booster').notNull().default(0),
    creditPeriod: text('credit_period').$type<CreditPeriod>().notNull().default('0'),
    creditIsAvail: boolean('credit_is_avail').notNull().default(true),
    memberDiscount: integer('member_discount').notNull().default(0),
    inventoryQuantity: integer('inventory_quantity').notNull().default(0),
    /**
     * false: stock is not counted (created without a count, or turned off by the seller). Orders
     * never take or give back units and are never refused for stock (decision 022).
     */
    trackInventory: boolean('track_inventory').notNull().default(true),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** GST in percent, included in the prices (decision 031); one of 0, 5, 12, 18, 28. */
    gstRate: integer('gst_rate').notNull().default(18),
    /** HSN code printed on tax invoices; '' until the seller gives it. */
    hsnCode: text('hsn_code').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The header search (migration 0022): name, brand and model weigh more than the rest. Written by
     * the `products_search_columns` trigger when what it is made of changes (migration 0066): as a
     * generated column it was computed again on every update, a stock take too, because the table
     * has a BEFORE UPDATE trigger.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /** Brand, model and name in lower case, for trigram matching of half or misspelt names (same trigger). */
    searchName: text('search_name').notNull().default(''),
    /**
     * The product's public answer as JSON text and its image URLs, written by the `products_answer`
     * trigger on every insert and update (migration 0038): the hot reads send it as it is.
     */
    answerJson: text('answer_json').notNull().default(''),
    answerImages: text('answer_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A seller's own catalogue, disabled products too (migration 0032); also every lookup by seller.
    index('products_owner_catalogue_idx').on(t.userId, t.brand, t.gender, t.model, t.colour, t.size, t.id),
    // The public store catalogue: one store's active products in catalogue order, read by index.
    index('products_catalogue_idx')
      .on(t.userId, t.brand, t.gender, t.model, t.colour, t.size, t.id)
      .where(sql`${t.isActive}`),
    index('products_brand_idx').on(t.brand),
    index('products_model_idx').on(t.model),
    index('products_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(sql`${t.isActive}`),
    // Orders take stock with a conditional update; this is the last line against an oversell.
    check('products_inventory_not_negative', sql`${t.inventoryQuantity} >= 0`),
    check('products_gst_rate_slab', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
  ],
);
