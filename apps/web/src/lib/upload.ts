import { IMAGE_COMPRESSION, MESSAGES, type Media } from '@app/domain';
import { API_BASE, authHeaders } from './api-client';

export class UploadError extends Error {
  constructor(message: string = MESSAGES.uploadFailed) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Shrinks an image to the spec's 1 MB / 1920 px. Failure is only logged (spec section 8) and the
 * original file is uploaded instead. The library is loaded on first use to keep it out of page chunks.
 */
export async function compressImage(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressed = await imageCompression(file, {
      maxSizeMB: IMAGE_COMPRESSION.maxSizeMB,
      maxWidthOrHeight: IMAGE_COMPRESSION.maxWidthOrHeight,
      useWebWorker: false,
    });
    return new File([compressed], file.name, { type: compressed.type || file.type });
  } catch (error) {
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
