import type { Readable } from 'node:stream';

/**
 * A file already on local disk (an upload spooled there): storage reads it as a stream, so large
 * bodies never sit whole in memory. `sha256` (hex) lets a remote store check the bytes it received.
 */
export interface SpooledFile {
  size: number;
  sha256: string;
  open(): Readable;
}

/** Where uploaded files go: local disk by default, any S3-compatible store when configured. */
export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** What every stored file's URL starts with (`/media/`, `https://cdn.example.com/`). */
  readonly publicBase: string;
  /** Stores the bytes under `key` (e.g. `images/2026/11/ab12….webp`) and returns the public URL. */
  put(key: string, body: Buffer | SpooledFile, contentType: string): Promise<{ url: string }>;
  delete(key: string): Promise<void>;
  /** The stored bytes as a stream (a person's data export, decision 040); rejects when absent. */
  open(key: string): Promise<Readable>;
}
