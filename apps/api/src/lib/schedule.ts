import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` `firstMs` after start and then every `everyMs`, never two runs at once; a failure is
 * logged and the next run tries again. Timers never keep the process alive and stop on close.
 */
export function scheduleJob(
  app: FastifyInstance,
  job: { name: string; firstMs: number; everyMs: number; run: () => Promise<void> },
): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await job.run();
    } catch (error) {
      app.log.error({ err: error }, `${job.name} failed`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), job.firstMs);
  const every = setInterval(() => void run(), job.everyMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
