import {
  CSV_COLUMN_NAMES,
  parseProductCsv,
  productListResponseSchema,
  productResponseSchema,
  PRODUCT_COLOURS,
  productPriceIssues,
  productToCsvRow,
  SEARCH_PAGE_LIMIT,
  toCsv,
  type CsvImportResult,
  type Product,
  type ProductDraft,
  type ProductUpdate,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { SEARCH_RESULTS_CHANGED, type CacheBus } from '../../lib/cache-bus.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import { draftToColumns, newProductColumns, toProduct, updateToPatch } from './product-mapping.js';
import * as repo from './products.repository.js';
import { createReadCache } from './read-cache.js';
import { imageVariantsOf } from '../media/variants-lookup.js';
import {
  bodyChecker,
  zodBodyEncoder,
  type BodyChecker,
  type BodyEncoder,
} from '../../plugins/response-encoding.js';

/**
 * How long another server process may show a product as it was: public reads are served from
 * memory for this long. Writes in this process are seen at once.
 */
export const PUBLIC_READ_TTL_MS = 2000;

export interface Page {
  page: number;
  limit: number;
}

/** Each product with the widths of its images' smaller copies, where they exist (decision 042). */
async function withImageVariants(db: Database, list: Product[]): Promise<Product[]> {
  const images = (p: Product) => p.prdct_attributes.media.filter((m) => m.type === 'IMAGE').map((m) => m.url);
  const variants = await imageVariantsOf(db, list.flatMap(images));
  return list.map((p) => {
    const own = Object.fromEntries(images(p).flatMap((url) => (variants[url] ? [[url, variants[url]]] : [])));
    return Object.keys(own).length > 0 ? { ...p, imageVariants: own } : p;
  });
}

/**
 * Products' answers as the database wrote them, each with its stock (kept out of the stored answer,
 * migration 0039) and `imageVariants` where its images have smaller copies (as `withImageVariants`
 * does for objects), joined into one JSON array.
 */
async function answersJson(db: Database, answers: repo.ProductAnswer[]): Promise<string> {
  const variants = await imageVariantsOf(
    db,
    answers.flatMap((a) => a.images),
  );
  const parts = answers.map(({ json, images, stock }) => {
    // The object's closing brace is its last character: the fields go in before it.
    const head = `${json.slice(0, -1)},"inventory_quantity":${stock}`;
    const own = images.filter((url) => variants[url]);
    if (own.length === 0) return `${head}}`;
    const entries = Object.fromEntries(own.map((url) => [url, variants[url]]));
    return `${head},"imageVariants":${JSON.stringify(entries)}}`;
  });
  return `[${parts.join(',')}]`;
}

function pageResult(rows: repo.ProductRow[], limit: number) {
  return { products: rows.slice(0, limit).map(toProduct), hasMore: rows.length > limit };
}

const answerPage = ({ page, limit }: Page, activeOnly: boolean) => ({
  activeOnly,
  offset: (page - 1) * limit,
  limit,
});

/** A store's disabled products are seen by its owner, the admin and the team only. */
function assertSeesDisabled(user: AuthUser, userId: string) {
  if (user.id !== userId && user.role !== 'ADMIN' && user.role !== 'TEAM') {
    throw new AppError('FORBIDDEN', 'Only the store owner sees its disabled products');
  }
}

/** Only an approved seller manages products. */
function assertSeller(user: AuthUser) {
  if (user.role !== 'SELLER') throw new AppError('FORBIDDEN', 'Only an approved seller can manage products');
}

/** The product, if `user` owns it; another seller's product is refused, never changed. */
async function ownedProduct(db: Database, user: AuthUser, id: string) {
  const row = await repo.findProductById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  if (row.userId !== user.id) throw new AppError('FORBIDDEN', 'You can change only your own products');
  return row;
}

function priceErrors(p: {
  ogPrice: number;
  dsctPrice: number;
  retailPrice: number;
  dsctRetailPrice: number;
}) {
  const issues = productPriceIssues(p);
  if (Object.keys(issues).length > 0) {
    throw new AppError('BAD_REQUEST', Object.values(issues).join('; '), issues);
  }
}

export function createProductsService(
  db: Database,
  {
    now,
    bus,
    encodeBody = zodBodyEncoder,
    checkBody = bodyChecker(true),
  }: { now?: () => number; bus?: CacheBus; encodeBody?: BodyEncoder; checkBody?: BodyChecker } = {},
) {
  // The cached values are the finished response bodies: a hit costs no database read, no mapping
  // and no response validation (each body was checked against its schema once, when it was built).
  // 4 MB each holds about 2,500 products and 250 catalogue pages: the shared links people are
  // following in these 2 s. More would only grow the server (issue 6 budgets 150 MB under load).
  const byId = createReadCache<string | undefined>({
    ttlMs: PUBLIC_READ_TTL_MS,
    maxBytes: 4 * 1024 * 1024,
    now,
  });
  const pages = createReadCache({ ttlMs: PUBLIC_READ_TTL_MS, maxBytes: 4 * 1024 * 1024, now });
  /** Every write goes through here: the public reads of this process see it at once. */
  const changed = <T>(result: T): T => {
    byId.clear();
    pages.clear();
    // The header search remembers answers for a few seconds; a product change clears them everywhere.
    bus?.publish([SEARCH_RESULTS_CHANGED]);
    return result;
  };

  /** A page of answers as the list route's body: the first `limit`, and whether more follow. */
  const pageResponse = async (read: Promise<repo.ProductAnswer[]>, limit: number) => {
    const answers = await read;
    const Data = await answersJson(db, answers.slice(0, limit));
    const body = `{"status":200,"message":"OK","Data":${Data},"hasMore":${answers.length > limit}}`;
    return checkBody(productListResponseSchema, body);
  };

  return {
    async getProduct(id: string): Promise<Product> {
      const row = await repo.findProductById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Product not found');
      return toProduct(row);
    },

    /** `GET products/getProductOnId` as a finished JSON body, written by the database. */
    async productResponse(id: string): Promise<string> {
      const body = await byId.get(id, async () => {
        const answer = await repo.findProductAnswer(db, id);
        if (!answer) return undefined;
        const Data = (await answersJson(db, [answer])).slice(1, -1);
        return checkBody(productResponseSchema, `{"status":200,"message":"OK","Data":${Data}}`);
      });
      if (body === undefined) throw new AppError('NOT_FOUND', 'Product not found');
      return body;
    },

    /** The public catalogue: active products only. */
    async listStoreProducts(userId: string, { page, limit }: Page, model?: string) {
      const rows = await repo.listProductsOfUser(db, userId, {
        activeOnly: true,
        offset: (page - 1) * limit,
        limit,
        model,
      });
      return pageResult(rows, limit);
    },

    /** `GET products/getProductOnUserId` as a finished JSON body; model searches are not kept. */
    async storePageResponse(userId: string, { page, limit }: Page, model?: string): Promise<string> {
      if (model) {
        const result = await this.listStoreProducts(userId, { page, limit }, model);
        const Data = await withImageVariants(db, result.products);
        return encodeBody(productListResponseSchema, {
          status: 200,
          message: 'OK',
          Data,
          hasMore: result.hasMore,
        });
      }
      return pages.get(`${userId}/${page}/${limit}`, () =>
        pageResponse(repo.listProductAnswersOfUser(db, userId, answerPage({ page, limit }, true)), limit),
      );
    },

    /** `GET products/getAllProductOnUserId`: every product of a store, for its owner (admin, team). */
    async ownPageResponse(user: AuthUser, userId: string, { page, limit }: Page): Promise<string> {
      assertSeesDisabled(user, userId);
      return pageResponse(
        repo.listProductAnswersOfUser(db, userId, answerPage({ page, limit }, false)),
        limit,
      );
    },

    async createProduct(user: AuthUser, draft: ProductDraft): Promise<Product> {
      assertSeller(user);
      const columns = newProductColumns(draft);
      let source: { sourceUserId: string; sourceProductId: string } | undefined;
      if (draft.sourceProductId) {
        const original = await repo.findProductById(db, draft.sourceProductId);
        if (!original || !original.isActive) {
          throw new AppError('NOT_FOUND', 'The product to clone was not found', {
            sourceProductId: 'Not found',
          });
        }
        if (original.userId === user.id) {
          throw new AppError('BAD_REQUEST', 'Choose another brand’s product to clone', {
            sourceProductId: 'This is your own product',
          });
        }
        // A clone of a clone still points at the brand that made the product.
        source = {
          sourceUserId: original.sourceUserId ?? original.userId,
          sourceProductId: original.sourceProductId ?? original.id,
        };
        if (columns.media?.length === 0) columns.media = original.media;
      }
      const [row] = await repo.insertProducts(db, [{ ...columns, ...source, userId: user.id }]);
      return changed(toProduct(row!));
    },

    async updateProduct(user: AuthUser, update: ProductUpdate): Promise<Product> {
      assertSeller(user);
      const row = await ownedProduct(db, user, update._id);
      const patch = updateToPatch(row, update);
      priceErrors({
        ogPrice: patch.originalPrice ?? row.originalPrice,
        dsctPrice: patch.dsctPrice ?? row.dsctPrice,
        retailPrice: patch.retailOriginalPrice ?? row.retailOriginalPrice,
        dsctRetailPrice: patch.retailDsctPrice ?? row.retailDsctPrice,
      });
      const updated = await repo.updateProductRow(db, row.id, patch);
      if (!updated) throw new AppError('NOT_FOUND', 'Product not found');
      return changed(toProduct(updated));
    },

    async setActive(user: AuthUser, id: string, isActive: boolean): Promise<Product> {
      assertSeller(user);
      const row = await ownedProduct(db, user, id);
      const updated = await repo.updateProductRow(db, row.id, { isActive });
      return changed(toProduct(updated!));
    },

    searchProducts(key: string) {
      return repo.searchActiveProducts(db, key, SEARCH_PAGE_LIMIT).then((rows) => rows.map(toProduct));
    },

    /** Products of a brand; a signed-in seller does not see their own (Clone Product lists others'). */
    async listBrandProducts(brand: string, { page, limit }: Page, viewer: AuthUser | null) {
      const rows = await repo.listProductsOfBrand(db, brand, {
        excludeUserId: viewer?.id,
        offset: (page - 1) * limit,
        limit,
      });
      return pageResult(rows, limit);
    },

    brands: (search: string) => repo.distinctBrands(db, search, SEARCH_PAGE_LIMIT),
    models: (search: string, brand?: string) => repo.distinctModels(db, search, brand, SEARCH_PAGE_LIMIT),
    colours(search: string): string[] {
      const needle = search.toLowerCase();
      return PRODUCT_COLOURS.filter((c) => c.toLowerCase().includes(needle));
    },

    /**
     * Validates a CSV file of the seller's products and, unless `dryRun`, stores it: every row or,
     * when any row has an error, none.
     */
    async importCsv(user: AuthUser, csv: string, dryRun: boolean): Promise<CsvImportResult['data']> {
      assertSeller(user);
      const parsed = parseProductCsv(csv);
      const errors = [...parsed.errors];
      const ids = parsed.rows.flatMap((r) => (r._id ? [r._id] : []));
      const owned = await repo.ownedProductIds(db, user.id, ids);
      for (const row of parsed.rows) {
        if (row._id && !owned.has(row._id)) {
          errors.push({ line: row.line, field: '_id', message: 'Not one of your products' });
        }
      }
      errors.sort((a, b) => a.line - b.line);
      const creates = parsed.rows.filter((r) => !r._id);
      const updates = parsed.rows.filter((r) => r._id);
      const result = { total: parsed.total, created: creates.length, updated: updates.length, errors };
      if (errors.length > 0) {
        if (dryRun) return result;
        throw new AppError(
          'BAD_REQUEST',
          `${new Set(errors.map((e) => e.line)).size} row(s) have errors; nothing was imported`,
          Object.fromEntries(errors.slice(0, 200).map((e) => [`line ${e.line}: ${e.field}`, e.message])),
        );
      }
      if (parsed.rows.length === 0) throw new AppError('BAD_REQUEST', 'The file has no product rows');
      if (dryRun) return result;
      await repo.importProducts(
        db,
        user.id,
        creates.map((r) => ({
          ...newProductColumns(r.draft),
          id: newId(),
          userId: user.id,
          isActive: r.isActive,
        })),
        updates.map((r) => ({
          id: r._id!,
          // A CSV row is the whole product: every column is written, blanks included.
          patch: { ...draftToColumns(r.draft), isActive: r.isActive },
        })),
      );
      return changed(result);
    },

    /** Every product of the seller as CSV, in catalogue order; importing it again changes nothing. */
    async exportCsv(user: AuthUser): Promise<string> {
      assertSeller(user);
      const rows: string[][] = [[...CSV_COLUMN_NAMES]];
      for (let page = 0; ; page++) {
        const batch = await repo.listProductsOfUser(db, user.id, {
          activeOnly: false,
          offset: page * 1000,
          limit: 1000,
        });
        rows.push(...batch.slice(0, 1000).map((r) => productToCsvRow(toProduct(r))));
        if (batch.length <= 1000) break;
      }
      // A byte-order mark so spreadsheet programs read the file as UTF-8.
      return `\uFEFF${toCsv(rows)}`;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
