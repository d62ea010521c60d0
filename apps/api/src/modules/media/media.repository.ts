import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { media } from '../../db/schema/index.js';

export type NewMedia = typeof media.$inferInsert;

export function insertMedia(db: Database, row: NewMedia) {
  return db
    .insert(media)
    .values(row)
    .returning({ id: media.id })
    .then((r) => r[0]);
}

export function findMediaByKey(db: Database, key: string) {
  return db
    .select({
      key: media.key,
      url: media.url,
      type: media.type,
      mime: media.mime,
      bytes: media.bytes,
      width: media.width,
      height: media.height,
      originalName: media.originalName,
      uploadedBy: media.uploadedBy,
    })
    .from(media)
    .where(eq(media.key, key))
    .limit(1)
    .then((r) => r[0]);
}

/** Files and bytes an account uploaded since `since`: its daily upload budget. */
export function uploadsSince(db: Database, userId: string, since: Date) {
  return db
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${media.bytes}), 0)` })
    .from(media)
    .where(and(eq(media.uploadedBy, userId), gte(media.createdAt, since)))
    .then((r) => ({ files: r[0]?.files ?? 0, bytes: Number(r[0]?.bytes ?? 0) }));
}

/** What `newKey` in the service makes: `images/2026/11/<24 hex>.webp`. */
const KEY_PATTERN = '[a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{24}\\.[a-z0-9]+';

/**
 * Flags every not yet referenced upload whose key appears in a post (images, invoices), a product
 * or a shop. Only records changed since the oldest unflagged upload are read, as a record can
 * only name a file after it was uploaded; a day of slack covers an application server whose clock
 * (which stamps updated_at) runs behind the database's (which stamps the upload).
 */
export async function markReferencedMedia(db: Database): Promise<number> {
  const result = await db.execute(sql`
    with pending as (
      select min(created_at) - interval '1 day' as since from media where referenced_at is null
    ),
    named as (
      select (regexp_matches(p.media::text || p.invoice::text, ${KEY_PATTERN}, 'g'))[1] as key
        from posts p, pending where p.updated_at >= pending.since
      union
      select (regexp_matches(pr.media::text, ${KEY_PATTERN}, 'g'))[1]
        from products pr, pending where pr.updated_at >= pending.since
      union
      select (regexp_matches(s.media::text, ${KEY_PATTERN}, 'g'))[1]
        from shops s, pending where s.updated_at >= pending.since
    )
    update media set referenced_at = now()
     where referenced_at is null and key in (select key from named)
    returning key
  `);
  // `Database` leaves the driver's result type open; node-postgres answers with `rows`.
  return ((result as { rows?: unknown[] }).rows ?? []).length;
}

/** Removes up to `limit` rows of uploads never referenced and created before `before`. */
export function deleteUnreferencedMedia(db: Database, before: Date, limit: number) {
  const batch = db
    .select({ id: media.id })
    .from(media)
    .where(and(isNull(media.referencedAt), lt(media.createdAt, before)))
    .limit(limit);
  return db
    .delete(media)
    .where(inArray(media.id, batch))
    .returning({ key: media.key, variantWidths: media.variantWidths });
}

/** An image still waiting for its variants, with the tries made so far. */
export function findPendingVariants(db: Database, key: string) {
  return db
    .select({ variantAttempts: media.variantAttempts })
    .from(media)
    .where(and(eq(media.key, key), eq(media.variants, 'pending')))
    .limit(1)
    .then((r) => r[0]);
}

export function finishVariants(db: Database, key: string, widths: number[]) {
  return db
    .update(media)
    .set({ variants: 'done', variantWidths: widths })
    .where(and(eq(media.key, key), eq(media.variants, 'pending')));
}

export function failVariants(db: Database, key: string, attempts: number, failed: boolean) {
  return db
    .update(media)
    .set({ variantAttempts: attempts, ...(failed ? { variants: 'failed' as const } : {}) })
    .where(and(eq(media.key, key), eq(media.variants, 'pending')));
}

/** Oldest first: the images waiting for their variants, and who uploaded them (null: a visitor). */
export function pendingVariantKeys(db: Database, limit: number) {
  return db
    .select({ key: media.key, uploadedBy: media.uploadedBy })
    .from(media)
    .where(eq(media.variants, 'pending'))
    .orderBy(media.createdAt)
    .limit(limit);
}

/** Storage key → widths of the variants made, for the keys whose variants are settled (done or failed: none). */
/**
 * The stored files among `keys`: the widths of their copies once settled (made, or failed: none),
 * null while they are still being made.
 */
export function variantWidthsOf(db: Database, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve(new Map<string, number[] | null>());
  return db
    .select({ key: media.key, widths: media.variantWidths, variants: media.variants })
    .from(media)
    .where(inArray(media.key, [...keys]))
    .then(
      (rows) =>
        new Map(rows.map((r) => [r.key, r.variants === 'done' || r.variants === 'failed' ? r.widths : null])),
    );
}
