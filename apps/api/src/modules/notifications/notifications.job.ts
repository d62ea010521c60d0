import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { onEventRecorded } from '../../lib/domain-events.js';
import { scheduleJob } from '../../lib/schedule.js';
import { sendDueNotifications, type NotificationsDeps } from './notifications.service.js';

/**
 * Sends notifications shortly after an event is recorded (the event's transaction has usually
 * committed by then) and, for events recorded by another process or missed meanwhile, every
 * NOTIFICATIONS_POLL_SECONDS.
 */
export function startNotifications(
  app: FastifyInstance,
  db: Database,
  deps: NotificationsDeps & { pollSeconds: number },
): void {
  if (deps.pollSeconds === 0) return;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running = running
      .then(() => sendDueNotifications(db, deps))
      .catch((error: unknown) => app.log.error({ err: error }, 'Sending notifications failed'));
    return running;
  };
  const stop = onEventRecorded(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 150);
    timer.unref();
  });
  scheduleJob(app, {
    name: 'Sending notifications',
    firstMs: 5_000,
    everyMs: deps.pollSeconds * 1000,
    run: async () => void (await run()),
  });
  app.addHook('onClose', async () => {
    stop();
    clearTimeout(timer);
    await running;
  });
}
