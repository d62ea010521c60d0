import type { FastifyInstance } from 'fastify';
import type { MediaService } from './media.service.js';

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the purge of unreferenced uploads a minute after start and then hourly, so a file nobody
 * used is gone between 24 and 25 hours after upload. Timers never keep the process alive.
 */
export function scheduleMediaPurge(app: FastifyInstance, media: MediaService): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { referenced, deleted } = await media.purgeUnreferenced(app.log);
      if (deleted > 0) app.log.info({ referenced, deleted }, 'Unreferenced uploads deleted');
    } catch (error) {
      app.log.error({ err: error }, 'Purge of unreferenced uploads failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_MS);
  const every = setInterval(() => void run(), EVERY_MS);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
