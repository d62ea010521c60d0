// The child process that encodes image variants (decision 042). libvips and the AVIF encoder take
// 100-200 MB at their peak and glibc keeps most of it after, so the server hands each original to
// this process and takes the copies back; the process exits once the queue is empty, and the
// server's own memory stays where it was. Bundled as dist/variant-encoder.js (build.mjs).
import { loadSharp } from '../../lib/sharp.js';
import { renderVariants, UnreadableImage } from './variant-encoding.js';

// One libvips worker thread: each holds its own buffers, and this process shares two cores with
// the server; its small cache (lib/sharp.ts) keeps nothing between images worth keeping.
const sharp = await loadSharp();
sharp.concurrency(1);
sharp.cache(false);

interface Job {
  id: number;
  original: Uint8Array;
}

process.on('message', (job: Job) => {
  void (async () => {
    try {
      const variants = [];
      for await (const v of renderVariants(Buffer.from(job.original))) variants.push(v);
      process.send?.({ id: job.id, variants });
    } catch (error) {
      process.send?.({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
        unreadable: error instanceof UnreadableImage,
      });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
