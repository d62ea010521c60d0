import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { CLAIM_KEEP_DAYS } from '@app/domain';
import type { Database } from '../db/client.js';
import {
  domainEvents,
  outboxMessages,
  pendingApplications,
  sessions,
  verificationCodes,
} from '../db/schema/index.js';
import { purgeUnconfirmedClaims } from '../modules/contributions/contributions.service.js';
import { MESSAGE_ONLY_EVENTS } from './domain-events.js';
import { logSafeError } from './log-safe-error.js';

/** Outbox messages are a development and support aid; a month is enough to answer "I got nothing". */
const OUTBOX_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can never be used again: expired or revoked sessions, expired or used codes, old
 * outbox messages and the facts of messages sent a month ago, and contributions nobody confirmed within CLAIM_KEEP_DAYS. Run daily (see startDailyPurge); safe to run at any time and from any process.
 */
export async function purgeDeadRecords(db: Database, now = new Date()) {
  const deadSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // Codes are kept a day after they die: the caps on codes per contact and address count a day.
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const deadCodes = await db
    .delete(verificationCodes)
    .where(
      and(
        lt(verificationCodes.createdAt, dayAgo),
        or(lt(verificationCodes.expiresAt, now), isNotNull(verificationCodes.usedAt)),
      ),
    )
    .returning({ id: verificationCodes.id });
  const unconfirmed = await purgeUnconfirmedClaims(db, now);
  await db
    .delete(pendingApplications)
    .where(lt(pendingApplications.createdAt, new Date(now.getTime() - CLAIM_KEEP_DAYS * DAY_MS)));
  const oldMessages = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, new Date(now.getTime() - OUTBOX_KEEP_DAYS * DAY_MS)))
    .returning({ id: outboxMessages.id });
  // Sent (or given up) messages' facts: their payloads hold people's words and names.
  const oldEvents = await db
    .delete(domainEvents)
    .where(
      and(
        inArray(domainEvents.type, [...MESSAGE_ONLY_EVENTS]),
        lt(domainEvents.handledAt, new Date(now.getTime() - OUTBOX_KEEP_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: domainEvents.id });
  return {
    sessions: deadSessions.length,
    codes: deadCodes.length,
    outbox: oldMessages.length,
    messageEvents: oldEvents.length,
    unconfirmed,
  };
}

/** Purges once soon after start, then every day; the timer never keeps the process alive. */
export function startDailyPurge(
  db: Database,
  log: { info: (msg: string) => void; error: (o: object, msg: string) => void },
) {
  const run = () => {
    purgeDeadRecords(db).then(
      (n) =>
        log.info(
          `Purged ${n.sessions} dead sessions, ${n.codes} dead codes, ${n.outbox} old outbox messages, ${n.unconfirmed} unconfirmed contributions`,
        ),
      (error: unknown) => log.error({ err: logSafeError(error) }, 'Purge of dead records failed'),
    );
  };
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
