import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/app-error.js';
import { attachmentDisposition, isInlineType } from './served-as.js';
import type { SpooledFile, StorageProvider } from './storage.js';

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

const STREAM_ATTEMPTS = 3;
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

  // S3 keeps Content-Disposition with the object and sends it on every GET; a CSP or nosniff
  // header it cannot store is the CDN's to add (README, "File storage").
  const objectHeaders = (key: string, contentType: string): Record<string, string> => ({
    'content-type': contentType,
    'cache-control': 'public, max-age=31536000, immutable',
    ...(isInlineType(contentType) ? {} : { 'content-disposition': attachmentDisposition(key) }),
  });

  /**
   * fetch cannot send a stream with a Content-Length, which S3 requires, so a spooled file is signed
   * with its length and hash and piped from disk through node:http. Each try reopens the file.
   */
  async function putStream(url: string, key: string, file: SpooledFile, contentType: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const signed = await client.sign(url, {
        method: 'PUT',
        headers: {
          ...objectHeaders(key, contentType),
          'content-length': String(file.size),
          // A signed payload hash lets the store reject a body damaged on the way.
          'x-amz-content-sha256': file.sha256,
        },
      });
      let status = 0;
      try {
        status = await new Promise<number>((resolve, reject) => {
          const target = new URL(signed.url);
          const request = (target.protocol === 'https:' ? https : http).request(target, {
            method: 'PUT',
            headers: Object.fromEntries(signed.headers),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          request.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          });
          request.on('error', reject);
          pipeline(file.open(), request).catch(reject);
        });
      } catch (error) {
        if (attempt >= STREAM_ATTEMPTS) throw Object.assign(unavailable(), { cause: error });
        continue;
      }
      if (status >= 200 && status < 300) return;
      if (attempt >= STREAM_ATTEMPTS || (status < 500 && status !== 429)) throw unavailable();
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }

  return {
    kind: 's3',
    publicBase: `${publicBase}/`,
    async put(key, body, contentType) {
      if (!Buffer.isBuffer(body)) {
        await putStream(`${bucketUrl}/${pathOf(key)}`, key, body, contentType);
        return { url: `${publicBase}/${pathOf(key)}` };
      }
      const res = await send(`${bucketUrl}/${pathOf(key)}`, {
        method: 'PUT',
        body,
        headers: {
          ...objectHeaders(key, contentType),
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
    async open(key) {
      const res = await send(`${bucketUrl}/${pathOf(key)}`, { method: 'GET' });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw unavailable();
      }
      return Readable.fromWeb(res.body);
    },
  };
}
