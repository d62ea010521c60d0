import { z } from './zod.js';
import { envelope } from './envelope.js';

/** What a backup archive says about itself (`manifest.json`, the archive's first entry). */
export const backupManifestSchema = z.object({
  /** The archive layout; a restore refuses a format it does not know. */
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The API package's version that wrote it. */
  appVersion: z.string(),
  /** The newest migration applied to the saved database, and how many were applied. */
  migration: z.object({ tag: z.string(), count: z.number().int().min(0) }),
  database: z.literal('pglite'),
  /** `local`: the uploads are in the archive under `media/`; `s3`: they stay in the bucket. */
  uploads: z.enum(['local', 's3']),
  mediaFiles: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupCreatedSchema = envelope(
  z.object({
    /** Where the server wrote the archive, on its own disk (under DATA_DIR/backups). */
    file: z.string(),
    bytes: z.number().int(),
    manifest: backupManifestSchema,
  }),
);
export type BackupCreated = z.infer<typeof backupCreatedSchema>;
