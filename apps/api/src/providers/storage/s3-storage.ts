import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/app-error.js';
import type { StorageProvider } from './storage.js';

export interface S3StorageOptions {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public origin of the bucket (a CDN or custom domain); `<endpoint>/<bucket>` when absent. */
  publicUrl?: string | undefined;
}

const REQUEST_TIMEOUT_MS = 60_000;

const unavailable = () => new AppError('UNAVAILABLE', 'File storage is unavailable, try again');

/** Any S3-compatible store (AWS S3, Cloudflare R2, MinIO) with path-style URLs. */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const bucketUrl = `${endpoint}/${encodeURIComponent(options.bucket)}`;
  const publicBase = (options.publicUrl ?? bucketUrl).replace(/\/+$/, '');
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    // aws4fetch retries 5xx and 429 ten times by default, close to a minute with its backoff; a
    // person is waiting on the upload, so try a little and then say so.
    retries: 2,
    initRetryMs: 100,
  });
  const pathOf = (key: string) => key.split('/').map(encodeURIComponent).join('/');

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await client.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw Object.assign(unavailable(), { cause: error });
    }
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const res = await send(`${bucketUrl}/${pathOf(key)}`, {
        method: 'PUT',
        body,
        headers: {
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          // A signed payload hash lets the store reject a body damaged on the way.
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      await res.body?.cancel();
      if (!res.ok) throw unavailable();
      return { url: `${publicBase}/${pathOf(key)}` };
    },
    async delete(key) {
      const res = await send(`${bucketUrl}/${pathOf(key)}`, { method: 'DELETE' });
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw unavailable();
    },
  };
}
