import { eq } from 'drizzle-orm';
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
