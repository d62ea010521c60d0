import imageCompression from 'browser-image-compression';

/**
 * Runs image compression off the main thread: a 10 MB photo takes seconds to re-encode, and on the
 * main thread that froze the whole form (issue 14). The library's own worker mode builds its worker
 * from a blob: URL that loads the library from a CDN, which the CSP (script-src 'self') and offline
 * use both refuse; this same-origin module worker needs neither.
 */
export interface CompressRequest {
  file: File;
  maxSizeMB: number;
  maxWidthOrHeight: number;
}

export type CompressReply = { progress: number } | { file: File } | { error: string };

// The web app's type library is the DOM one; these are the two worker members used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (message: CompressReply) => void;
};

scope.onmessage = (event) => {
  const { file, maxSizeMB, maxWidthOrHeight } = event.data;
  imageCompression(file, {
    maxSizeMB,
    maxWidthOrHeight,
    // Already in a worker: the library then draws on an OffscreenCanvas here.
    useWebWorker: false,
    onProgress: (progress) => scope.postMessage({ progress }),
  }).then(
    (blob) => scope.postMessage({ file: new File([blob], file.name, { type: blob.type || file.type }) }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
