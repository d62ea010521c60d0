import { z } from './zod.js';
import { envelope } from './envelope.js';

const migrationLevelSchema = z.object({ tag: z.string(), count: z.number().int().min(0) });
/** `local`: the uploads are in the archive under `media/`; `s3`: they stay in the bucket. */
const uploadsSchema = z.enum(['local', 's3']);

export const backupTableSchema = z.object({
  /** Schema-qualified, as `public.orders` or `drizzle.__drizzle_migrations`. */
  name: z.string(),
  /** The columns stored, in the order of the archive's rows; generated columns are computed on load. */
  columns: z.array(z.string()),
  rows: z.number().int().min(0),
});
export type BackupTable = z.infer<typeof backupTableSchema>;

export const backupSequenceSchema = z.object({
  name: z.string(),
  /** A bigint, kept as text so that no value loses digits in JSON. */
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});
export type BackupSequence = z.infer<typeof backupSequenceSchema>;

/** What a backup archive says about itself (`manifest.json`, the archive's first entry). */
export const backupManifestSchema = z.object({
  /** The archive layout; a restore refuses a format it does not know. */
  format: z.literal(2),
  createdAt: z.iso.datetime(),
  /** The API package's version that wrote it. */
  appVersion: z.string(),
  /** The newest migration applied to the saved database, and how many were applied. */
  migration: migrationLevelSchema,
  /** A logical copy (COPY of every table), which any PostgreSQL 13 or later loads. */
  database: z.literal('postgresql'),
  /** `server_version` of the database copied (PGlite reports its PostgreSQL version). */
  serverVersion: z.string(),
  /** In load order: every table comes after the tables its foreign keys name. */
  tables: z.array(backupTableSchema),
  sequences: z.array(backupSequenceSchema),
  uploads: uploadsSchema,
  mediaFiles: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/**
 * Archives written before the embedded database became PostgreSQL (format 1): a copy of PGlite's
 * data folder, which this release still restores by carrying it over like an old data folder.
 */
export const pgliteBackupManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  migration: migrationLevelSchema,
  database: z.literal('pglite'),
  uploads: uploadsSchema,
  mediaFiles: z.number().int().min(0),
});
export type PgliteBackupManifest = z.infer<typeof pgliteBackupManifestSchema>;

export const anyBackupManifestSchema = z.discriminatedUnion('format', [
  backupManifestSchema,
  pgliteBackupManifestSchema,
]);
export type AnyBackupManifest = z.infer<typeof anyBackupManifestSchema>;

export const backupCreatedSchema = envelope(
  z.object({
    /** Where the server wrote the archive, on its own disk (under DATA_DIR/backups). */
    file: z.string(),
    bytes: z.number().int(),
    manifest: backupManifestSchema,
  }),
);
export type BackupCreated = z.infer<typeof backupCreatedSchema>;
