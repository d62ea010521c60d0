import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { attachmentDisposition, DOWNLOAD_CSP, isInlineKey } from './served-as.js';
import type { StorageProvider } from './storage.js';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Where a key lives on disk; refuses anything that could leave the media folder. */
function fileFor(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..') || path.isAbsolute(key)) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return file;
}

export interface LocalStorageOptions {
  /** Origin put in front of `/media/<key>` (PUBLIC_URL); same-origin paths when absent. */
  publicUrl?: string | undefined;
}

/** Files under `<dataDir>/media/<key>`, served by `registerLocalMedia` at `/media/<key>`. */
export function createLocalStorage(dataDir: string, options: LocalStorageOptions = {}): StorageProvider {
  const root = path.resolve(dataDir, 'media');
  const base = options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : '';
  return {
    kind: 'local',
    publicBase: `${base}/media/`,
    async put(key, body) {
      const file = fileFor(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // A dot-file is never served, so a half-written upload is never visible; rename is atomic.
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(temp, body, { flag: 'wx' });
        else await pipeline(body.open(), createWriteStream(temp, { flags: 'wx' }));
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      return { url: `${base}/media/${key}` };
    },
    async delete(key) {
      await fs.rm(fileFor(root, key), { force: true });
    },
    async open(key) {
      const file = fileFor(root, key);
      // Fails here, not mid-stream, when the file is gone.
      await fs.access(file);
      return createReadStream(file);
    },
  };
}

/** Serves `<dataDir>/media` at `/media/`. Keys are random, so a stored file never changes. */
export async function registerLocalMedia(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = path.resolve(dataDir, 'media');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    // The web app's @fastify/static instance owns reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    serveDotFiles: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (!isInlineKey(filePath)) {
        reply.header('content-disposition', attachmentDisposition(filePath));
        reply.header('content-security-policy', DOWNLOAD_CSP);
      }
    },
  });
}
