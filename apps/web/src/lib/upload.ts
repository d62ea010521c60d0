import { IMAGE_COMPRESSION, MESSAGES, type Media } from '@app/domain';
import { API_BASE } from './api-base';
import { authHeaders } from './api-client';
import type { CompressReply, CompressRequest } from './compress-worker';

export class UploadError extends Error {
  constructor(message: string = MESSAGES.uploadFailed) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface CompressOptions {
  /** Compression progress, 0–100. */
  onProgress?: (percent: number) => void;
  /** Aborting stops the work and rejects with an AbortError. */
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('Compression cancelled', 'AbortError');
}

function compressInWorker(file: File, { onProgress, signal }: CompressOptions): Promise<File> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    signal?.addEventListener(
      'abort',
      () => {
        finish();
        reject(abortError());
      },
      { once: true },
    );
    worker.onmessage = (event: MessageEvent<CompressReply>) => {
      const reply = event.data;
      if ('progress' in reply) {
        onProgress?.(reply.progress);
        return;
      }
      finish();
      if ('file' in reply) resolve(reply.file);
      else reject(new Error(reply.error));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'Compression worker failed'));
    };
    const request: CompressRequest = {
      file,
      maxSizeMB: IMAGE_COMPRESSION.maxSizeMB,
      maxWidthOrHeight: IMAGE_COMPRESSION.maxWidthOrHeight,
    };
    worker.postMessage(request);
  });
}

/** Where there is no Worker (unit tests in jsdom), on the main thread as before. */
async function compressHere(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxSizeMB: IMAGE_COMPRESSION.maxSizeMB,
    maxWidthOrHeight: IMAGE_COMPRESSION.maxWidthOrHeight,
    useWebWorker: false,
  });
  return new File([compressed], file.name, { type: compressed.type || file.type });
}

/**
 * Shrinks an image to the spec's 1 MB / 1920 px in a Web Worker, so the page stays responsive.
 * Failure is only logged (spec section 8) and the original file is uploaded instead; a cancel
 * rejects with an AbortError.
 */
export async function compressImage(file: File, options: CompressOptions = {}): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  if (options.signal?.aborted) throw abortError();
  try {
    return typeof Worker === 'function' ? await compressInWorker(file, options) : await compressHere(file);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    console.error('Image compression failed, uploading the original', error);
    return file;
  }
}

function readMedia(payload: unknown): Media | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const data = (payload as { data?: Partial<Media> }).data;
  if (!data || typeof data.url !== 'string' || data.url === '') return null;
  return {
    name: typeof data.name === 'string' ? data.name : '',
    url: data.url,
    type: data.type ?? 'IMAGE',
  };
}

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart field `file` to POST /api/media/upload. XMLHttpRequest rather than
 * fetch because fetch cannot report upload progress. A response without `data.url` is a failure.
 */
export function uploadFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<Media> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/media/upload`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      const media = xhr.status >= 200 && xhr.status < 300 ? readMedia(payload) : null;
      if (media) {
        onProgress?.(100);
        resolve(media);
      } else {
        reject(new UploadError());
      }
    };
    xhr.onerror = () => reject(new UploadError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
