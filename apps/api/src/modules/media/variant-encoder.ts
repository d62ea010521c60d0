// The child process that does the server's image work (decision 042): the re-encode of each uploaded
// image and its smaller copies. libvips and the AVIF encoder take 100-200 MB at their peak and glibc
// keeps most of it after, so the server hands each image to this process and takes the result back;
// the process exits once it has been idle a moment, and the server's own memory stays where it was.
// Bundled as dist/variant-encoder.js (build.mjs).
import { loadSharp } from '../../lib/sharp.js';
import { reencodeUpload, renderVariants, TooManyPixels, UnreadableImage } from './variant-encoding.js';

// One libvips worker thread: each holds its own buffers, and this process shares two cores with
// the server; its small cache (lib/sharp.ts) keeps nothing between images worth keeping.
const sharp = await loadSharp();
sharp.concurrency(1);
sharp.cache(false);

/** The copies of a stored original, or the re-encode of an upload's file (image-variants.ts). */
type Job = { id: number; original: Uint8Array } | { id: number; upload: { file: string; maxPixels: number } };

process.on('message', (job: Job) => {
  void (async () => {
    try {
      if ('upload' in job) {
        const upload = await reencodeUpload(job.upload.file, job.upload.maxPixels);
        process.send?.({ id: job.id, upload });
        return;
      }
      const variants = [];
      for await (const v of renderVariants(Buffer.from(job.original))) variants.push(v);
      process.send?.({ id: job.id, variants });
    } catch (error) {
      process.send?.({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
        unreadable: error instanceof UnreadableImage,
        tooManyPixels: error instanceof TooManyPixels,
      });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
// Only now can a job be received: one sent before this listener existed would be lost, and its
// upload would wait for ever (image-variants.ts sends nothing before this).
process.send?.({ ready: true });
