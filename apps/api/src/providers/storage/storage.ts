/** Where uploaded files go: local disk by default, any S3-compatible store when configured. */
export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (e.g. `images/2026/11/ab12….webp`) and returns the public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  delete(key: string): Promise<void>;
}
