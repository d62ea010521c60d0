import {
  discountPercent,
  FREE_DELIVERY_VALUE,
  type Product,
  type ProductDraft,
  type ProductUpdate,
  tracksStock,
} from '@app/domain';
import type { NewProduct, ProductPatch, ProductRow } from './products.repository.js';

/** A stored row in the spec's nested shape ("Product (stored)"). */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    userId: { _id: row.userId },
    sourceUserId: row.sourceUserId,
    sourceProductId: row.sourceProductId,
    prdct_attributes: {
      category: { parentCategoryName: row.parentCategoryName, childCategoryName: row.childCategoryName },
      prdct_name: row.prdctName,
      tagName: row.tagName,
      brand: row.brand,
      model: row.model,
      original_price: row.originalPrice,
      dsct_price: row.dsctPrice,
      dsct_percent: row.dsctPercent,
      retail_original_price: row.retailOriginalPrice,
      retail_dsct_price: row.retailDsctPrice,
      retail_dsct_percent: row.retailDsctPercent,
      size: row.size,
      colour: row.colour,
      gender: row.gender,
      ownership_type: row.ownershipType,
      channel_type: row.channelType,
      description: row.description,
      media: row.media,
      sellerSKU: row.sellerSku,
    },
    sku_id: row.skuId,
    size_tags: row.sizeTags,
    dispatch_time: row.dispatchTime,
    free_delivery: FREE_DELIVERY_VALUE,
    delivery: row.delivery,
    free_samples: row.freeSamples,
    sample_charge: row.sampleCharge,
    sample_qty: row.sampleQty,
    credit_booster: row.creditBooster,
    credit_period: row.creditPeriod,
    credit_isAvail: row.creditIsAvail,
    member_discount: row.memberDiscount,
    auto_renewal: row.autoRenewal,
    inventory_quantity: row.inventoryQuantity,
    track_inventory: row.trackInventory,
    min_order_quantity: row.minOrderQuantity,
    gst_rate: row.gstRate,
    hsn_code: row.hsnCode,
    tags: row.tags,
    // The spec's placeholder content object.
    content: { name: '', url: '' },
    auditFields: { isActive: row.isActive },
  };
}

/**
 * Every column a draft sets; the discount percents are computed here, never taken from a client.
 * Stock columns only when the draft says something about stock: a CSV row, which has no stock
 * column, keeps what is stored; a new product gets them from newProductColumns.
 */
export function draftToColumns(d: ProductDraft): Omit<NewProduct, 'userId'> {
  return {
    prdctName: d.productName || `${d.brand} ${d.model}`,
    tagName: d.tags[0] ?? '',
    brand: d.brand,
    model: d.model,
    parentCategoryName: d.category.parentCategoryName,
    childCategoryName: d.category.childCategoryName,
    originalPrice: d.ogPrice,
    dsctPrice: d.dsctPrice,
    dsctPercent: discountPercent(d.ogPrice, d.dsctPrice),
    retailOriginalPrice: d.retailPrice,
    retailDsctPrice: d.dsctRetailPrice,
    retailDsctPercent: discountPercent(d.retailPrice, d.dsctRetailPrice),
    size: d.size,
    sizeTags: d.sizeTags,
    colour: d.colour,
    gender: d.gender,
    ownershipType: d.ownership,
    channelType: d.channel,
    description: d.desc,
    media: d.images.map((image) => ({ type: 'IMAGE' as const, url: image.url, thumbnail: '' })),
    sellerSku: d.sku,
    skuId: d.skuId,
    dispatchTime: d.dispatchTime,
    delivery: d.delivery,
    freeSamples: d.samples === 'yes',
    sampleQty: d.sampleQty,
    sampleCharge: d.samplePrice,
    creditBooster: d.creditBooster,
    creditPeriod: d.minCreditInstallment,
    memberDiscount: d.memberDsct,
    autoRenewal: d.autorenewal === 'yes',
    // An MOQ of 0 (empty) means no minimum: one piece.
    minOrderQuantity: Math.max(1, d.moq),
    ...(d.stock === undefined && d.trackInventory === undefined ? {} : stockColumns(d)),
    // Left out (a CSV row without them), the stored or default rate and HSN code stay.
    ...(d.gstRate === undefined ? {} : { gstRate: d.gstRate }),
    ...(d.hsnCode === undefined ? {} : { hsnCode: d.hsnCode }),
    tags: d.tags,
  };
}

function stockColumns(d: { trackInventory?: boolean | undefined; stock?: number | undefined }) {
  return tracksStock(d)
    ? { trackInventory: true, inventoryQuantity: d.stock ?? 0 }
    : { trackInventory: false, inventoryQuantity: 0 };
}

/** The columns of a product created from `d`: without a stock count its stock is not tracked. */
export function newProductColumns(d: ProductDraft): Omit<NewProduct, 'userId'> {
  return { ...draftToColumns(d), ...stockColumns(d) };
}

/** Blank, zero and empty values keep what is stored (spec section 5). */
const given = <T>(value: T | '' | 0 | undefined): value is T =>
  value !== undefined && value !== '' && value !== 0 && !(Array.isArray(value) && value.length === 0);

/** The patch an Update Product request makes to `row`; percents follow the merged prices. */
export function updateToPatch(row: ProductRow, u: ProductUpdate): ProductPatch {
  const patch: ProductPatch = {};
  if (given(u.productName)) patch.prdctName = u.productName;
  if (given(u.brand)) patch.brand = u.brand;
  if (given(u.model)) patch.model = u.model;
  if (given(u.colour)) patch.colour = u.colour;
  if (given(u.size)) patch.size = u.size;
  if (given(u.sizeTags)) patch.sizeTags = u.sizeTags;
  if (given(u.tags)) {
    patch.tags = u.tags;
    patch.tagName = u.tags[0] ?? '';
  }
  if (given(u.category?.parentCategoryName)) patch.parentCategoryName = u.category.parentCategoryName;
  if (given(u.category?.childCategoryName)) patch.childCategoryName = u.category.childCategoryName;
  if (given(u.moq)) patch.minOrderQuantity = u.moq;
  if (u.trackInventory !== undefined) Object.assign(patch, stockColumns(u));
  // A spec client that sends a count alone wants it counted.
  else if (given(u.stock)) Object.assign(patch, { trackInventory: true, inventoryQuantity: u.stock });
  if (given(u.ogPrice)) patch.originalPrice = u.ogPrice;
  if (given(u.dsctPrice)) patch.dsctPrice = u.dsctPrice;
  if (given(u.retailPrice)) patch.retailOriginalPrice = u.retailPrice;
  if (given(u.dsctRetailPrice)) patch.retailDsctPrice = u.dsctRetailPrice;
  if (given(u.sku)) patch.sellerSku = u.sku;
  if (given(u.skuId)) patch.skuId = u.skuId;
  if (given(u.dispatchTime)) patch.dispatchTime = u.dispatchTime;
  if (given(u.gender)) patch.gender = u.gender;
  if (given(u.ownership)) patch.ownershipType = u.ownership;
  if (given(u.channel)) patch.channelType = u.channel;
  if (given(u.delivery)) patch.delivery = u.delivery;
  if (given(u.samples)) patch.freeSamples = u.samples === 'yes';
  if (given(u.sampleQty)) patch.sampleQty = u.sampleQty;
  if (given(u.samplePrice)) patch.sampleCharge = u.samplePrice;
  if (given(u.creditBooster)) patch.creditBooster = u.creditBooster;
  if (given(u.minCreditInstallment)) patch.creditPeriod = u.minCreditInstallment;
  if (given(u.memberDsct)) patch.memberDiscount = u.memberDsct;
  if (given(u.autorenewal)) patch.autoRenewal = u.autorenewal === 'yes';
  if (given(u.desc)) patch.description = u.desc;
  // 0% is a rate, not a blank: only '' or absent keeps the stored one.
  if (u.gstRate !== undefined) patch.gstRate = u.gstRate;
  if (given(u.hsnCode)) patch.hsnCode = u.hsnCode;
  // Brand or model changed without a new name: the name follows them.
  if (!given(u.productName) && (patch.brand !== undefined || patch.model !== undefined)) {
    patch.prdctName = `${patch.brand ?? row.brand} ${patch.model ?? row.model}`;
  }
  const og = patch.originalPrice ?? row.originalPrice;
  const dsct = patch.dsctPrice ?? row.dsctPrice;
  const retail = patch.retailOriginalPrice ?? row.retailOriginalPrice;
  const retailDsct = patch.retailDsctPrice ?? row.retailDsctPrice;
  patch.dsctPercent = discountPercent(og, dsct);
  patch.retailDsctPercent = discountPercent(retail, retailDsct);
  return patch;
}
