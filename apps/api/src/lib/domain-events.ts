import type { Database } from '../db/client.js';
import { domainEvents } from '../db/schema/index.js';

/**
 * The facts other modules react to (house style 13). Each payload carries what a reaction needs
 * (who is told, what about, which page), so the notifications module never reads another
 * module's tables. `link` is a path of the web app, e.g. `/post/{infId}/{postId}`.
 */
export type DomainEvent =
  | {
      type: 'query.answered';
      payload: {
        queryId: string;
        /** The asker; told unless they switched off the `answers` topic. */
        recipientUserId: string;
        queryText: string;
        answeredBy: string;
        link: string;
      };
    }
  | {
      type: 'post.tagged';
      payload: {
        mentionId: string;
        /** The owner of the tagged store, brand or influencer profile (`tags` topic). */
        recipientUserId: string;
        postTitle: string;
        taggedBy: string;
        /** True when the tag waits for the owner to accept it. */
        needsAcceptance: boolean;
        link: string;
      };
    }
  | {
      type: 'skill.responded';
      payload: {
        responseId: string;
        /** The author of the skill or requirement post (`responses` topic). */
        recipientUserId: string;
        postTitle: string;
        fromName: string;
        /** The responder's own message and the contact they chose to share. */
        message: string;
        replyTo: string;
        link: string;
      };
    }
  | { type: 'order.paid'; payload: OrderEventPayload }
  | { type: 'order.dispatched'; payload: OrderEventPayload & { courier?: string; trackingNumber?: string } }
  | { type: 'order.delivered'; payload: OrderEventPayload }
  | {
      type: 'application.approved';
      payload: { recipientUserId: string; link: string };
    }
  | {
      type: 'application.rejected';
      payload: { recipientUserId: string; reason: string; link: string };
    };

export type OrderEventPayload = {
  orderId: string;
  /** The buyer's account; order messages are transactional and always sent. */
  recipientUserId: string;
  orderNumber: string;
  productName: string;
  link: string;
};

export type DomainEventType = DomainEvent['type'];

/** Anything that can insert: the database or an open transaction. */
type Writer = Pick<Database, 'insert'>;

/**
 * Records a fact. Call it with the transaction that writes the fact, so the event exists exactly
 * when the fact does. Notifications pick it up within seconds (see modules/notifications).
 */
export async function recordEvent(writer: Writer, event: DomainEvent): Promise<void> {
  await writer.insert(domainEvents).values({ type: event.type, payload: event.payload });
  eventRecorded();
}

const listeners = new Set<() => void>();

/**
 * The notifications module listens, to look for due events soon after one is recorded. Answers
 * the function that stops listening (each app in a process listens for its own database).
 */
export function onEventRecorded(callback: () => void): () => void {
  listeners.add(callback);
  return () => listeners.delete(callback);
}

function eventRecorded(): void {
  for (const listener of listeners) listener();
}
