import { AsyncLocalStorage } from 'node:async_hooks';
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
  /**
   * A question asked of a store, brand, influencer or service provider (issue 39), recorded when it
   * is stored (or, held for its asker's code, when confirmed). Its owner is told at once, and
   * reminded once after QUESTION_REMINDER_HOURS while unanswered (query.reminder).
   */
  | { type: 'query.asked'; payload: QuestionPayload }
  /**
   * Not a fact but a message due later, scheduled by the notifications module when it handles
   * query.asked; dropped when the business has answered by then.
   */
  | { type: 'query.reminder'; payload: QuestionPayload }
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
  /**
   * A visitor's "Reach out" note to a creator (issue 39): the creator is told by e-mail and SMS,
   * with the visitor's e-mail to reply to; the visitor's address is never shown on the site.
   */
  | {
      type: 'creator.reached-out';
      payload: {
        reachoutId: string;
        /** The creator (`responses` topic). */
        recipientUserId: string;
        message: string;
        replyTo: string;
        link: string;
      };
    }
  /**
   * A moderator hid, removed or restored a post (issue 39). Due MODERATION_UNDO_MINUTES later: the
   * author is told with the reason then, unless the action was undone or followed by another.
   */
  | {
      type: 'post.moderated';
      payload: {
        actionId: string;
        postId: string;
        /** The post's author. */
        recipientUserId: string;
        action: 'hide' | 'restore' | 'remove';
        reason: string;
        postTitle: string;
        /** The post's page, which its author still reads while it is hidden. */
        link: string;
      };
    }
  /** The store, brand or creator a review is about replied under it (issue 41): its author is told. */
  | {
      type: 'review.replied';
      payload: {
        postId: string;
        /** The review's author (`responses` topic). */
        recipientUserId: string;
        repliedAs: string;
        postTitle: string;
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
  /**
   * An order placed that does not wait for an online payment, recorded in the transaction that
   * places it: a cash-on-delivery order waits for its seller until `codAcceptBy`; an order that
   * needs no payment is confirmed. An online order's buyer and seller are told at order.paid
   * (`awaitingPayment` is always false here).
   */
  | {
      type: 'order.placed';
      payload: OrderEventPayload & { awaitingPayment: boolean; codAcceptBy: string | null };
    }
  | { type: 'order.paid'; payload: OrderEventPayload }
  /**
   * Not a fact but a message due later: the seller's reminder, once half of a cash-on-delivery
   * order's acceptance window has passed. The notifications module schedules it when it handles the
   * order.placed event (it is due from `claimedUntil`) and drops it when the order was accepted or
   * cancelled meanwhile.
   */
  | {
      type: 'order.acceptance-reminder';
      payload: {
        orderId: string;
        /** The seller told. */
        recipientUserId: string;
        orderNumber: string;
        productName: string;
        quantity: number;
        amountPaise: number;
        codAcceptBy: string;
        link: string;
      };
    }
  /** A cash-on-delivery order the seller took on (they must within their window, or it is cancelled). */
  | { type: 'order.accepted'; payload: OrderEventPayload }
  | { type: 'order.dispatched'; payload: OrderEventPayload & { courier?: string; trackingNumber?: string } }
  | { type: 'order.delivered'; payload: OrderEventPayload }
  /**
   * Someone on a device without the order's key asked for its link (issue 40): it goes again to the
   * contact given at checkout, never to the one who asked.
   */
  | { type: 'order.link-requested'; payload: OrderEventPayload }
  /**
   * Cancelled on purpose (not an unpaid hold that ran out): its stock is back. A paid order's
   * refund follows as refund.* events of its own.
   */
  | {
      type: 'order.cancelled';
      payload: OrderEventPayload & { cancelledBy: OrderActor; reason: string };
    }
  /** A refund was asked of the provider (REFUND_PENDING) or is owed in cash (a COD order). */
  | { type: 'refund.requested'; payload: RefundEventPayload }
  /** The money left: ledgers, reward reversals and credit notes react to this one. */
  | { type: 'refund.succeeded'; payload: RefundEventPayload }
  /** The provider refused or failed it; nothing was refunded. */
  | { type: 'refund.failed'; payload: RefundEventPayload }
  | {
      type: 'application.approved';
      payload: { recipientUserId: string; link: string };
    }
  | {
      type: 'application.rejected';
      payload: { recipientUserId: string; reason: string; link: string };
    }
  /**
   * An admin approved the GSTIN a seller gave (decision 069): their documents print it from now on.
   * The seller is told.
   */
  | { type: 'gstin.approved'; payload: { recipientUserId: string; gstin: string; link: string } }
  /** An admin refused it, with a reason the seller is told; their documents stay as they were. */
  | {
      type: 'gstin.refused';
      payload: { recipientUserId: string; gstin: string; reason: string; link: string };
    };

export type QuestionPayload = {
  queryId: string;
  /** The owner of the profile asked (`questions` topic). */
  recipientUserId: string;
  /** The store's, brand's or creator's name, as the asker chose it. */
  askedOf: string;
  queryText: string;
  askedBy: string;
  /** Where the owner answers: their Questions page. */
  link: string;
};

/** Who did it: the buyer, the seller (or their team), the admin, or the server on its own (a timer). */
export type OrderActor = 'buyer' | 'seller' | 'admin' | 'system';

/**
 * What every order fact carries: enough for the buyer's message, the seller's ledger, the
 * referrer's rewards and the tax documents to react without reading the orders module's tables.
 */
export type OrderEventPayload = {
  orderId: string;
  /** The product ordered, and when (ISO): a paid order verifies its buyer's review of it (issue 41). */
  productId?: string;
  orderedAt?: string;
  /** The review it was bought from (buy-from-review), if any: its author's reward labels it. */
  mentionPostId?: string | null;
  /** The buyer's account. Order messages are transactional: no topic, always sent. */
  recipientUserId: string;
  /**
   * False while an order made with someone's contact waits for them to confirm it (decision 020):
   * they are told nothing yet, but the money facts still count in the seller's ledger.
   */
  notifyBuyer: boolean;
  sellerUserId: string;
  orderNumber: string;
  productName: string;
  /** What the buyer pays for the order, delivery included, in paise (₹1 = 100 paise). */
  amountPaise: number;
  /** The product's GST rate in percent (prices include it): the sale's taxable value for TCS and TDS. */
  gstRate: number;
  /** ONLINE: through the payment provider; COD: cash to the seller; NONE: an order that needs no payment. */
  paymentMethod: 'ONLINE' | 'COD' | 'NONE';
  /** Who referred the buyer and the reward the order earns them (paise); null and 0 when nobody. */
  referrerUserId: string | null;
  referrerRewardPaise: number;
  link: string;
  /*
   * What the messages tell the buyer and the seller (issue 38). Optional: events recorded before
   * then do not have them.
   */
  quantity?: number;
  /** The product's size, '' when it has none. */
  size?: string;
  /** The seller's store name (their own name when they have no store). */
  storeName?: string;
  /** Whether the money came (online, or cash at delivery): a seller hears of an online order once paid. */
  paid?: boolean;
  /** The product's counted stock after this fact; null when its stock is not counted. */
  stockLeft?: number | null;
  /**
   * The contact and address given at checkout, where the buyer's messages go. Contact data: the
   * notifications module removes it from the stored event once its messages are sent.
   */
  checkout?: CheckoutContact;
};

/** The name, address and contact a buyer gave at checkout. */
export type CheckoutContact = {
  name: string;
  /** The delivery address on one line, pincode included; '' while the buyer has still to give it. */
  address: string;
  email: string;
  mobile: string;
};

export type RefundEventPayload = OrderEventPayload & {
  refundId: string;
  /** This refund, in paise. */
  refundPaise: number;
  /** All succeeded refunds of the order including this one, in paise (never above what was paid). */
  refundedPaiseTotal: number;
  reason: string;
  refundedBy: OrderActor;
};

export type DomainEventType = DomainEvent['type'];

/**
 * Facts kept only to send a message: once handled nothing reads them again, and their payloads hold
 * people's words and names (a query's text, a responder's contact), so they are deleted with the
 * account they concern and a month after they were handled. Order and refund facts stay: the
 * invoices read refunds back, and they carry amounts and ids, no contact data.
 */
export const MESSAGE_ONLY_EVENTS = [
  'query.answered',
  'post.tagged',
  'skill.responded',
  'review.replied',
  'creator.reached-out',
  'post.moderated',
  'order.link-requested',
  'application.approved',
  'application.rejected',
  'order.acceptance-reminder',
  'gstin.approved',
  'gstin.refused',
] as const satisfies readonly DomainEventType[];

/**
 * A reaction that must hold exactly when the fact does: money (ledger rows, reward balances, tax
 * document numbers). It runs inside the transaction that records the event, so a failure undoes
 * the fact too and a crash can never leave a sale without its ledger row. Messages, which may
 * fail and be retried, react afterwards through the notifications module instead.
 */
export type TransactionalReaction<T extends DomainEventType> = (
  tx: Database,
  event: Extract<DomainEvent, { type: T }>,
) => Promise<void>;

// Stored untyped: the key says which event a reaction takes, and recordEvent only hands it that one.
type AnyReaction = (tx: Database, event: DomainEvent) => Promise<void>;
const reactions = new Map<DomainEventType, Set<AnyReaction>>();

/**
 * Registers a reaction (once per function, however often a module's plugin registers it: tests
 * build many apps in one process). Reactions run in the order they were registered.
 */
export function reactInTransaction<T extends DomainEventType>(
  type: T,
  reaction: TransactionalReaction<T>,
): void {
  const set = reactions.get(type) ?? new Set();
  set.add(reaction as unknown as AnyReaction);
  reactions.set(type, set);
}

/**
 * Records a fact. Call it with the transaction that writes the fact, so the event exists exactly
 * when the fact does; the transactional reactions run in it too. Notifications pick the event up
 * within seconds (see modules/notifications).
 */
export async function recordEvent(
  tx: Database,
  event: DomainEvent,
  /** Held back from the notifications until then (a message that waits for an undo). */
  { dueAt }: { dueAt?: Date } = {},
): Promise<void> {
  await tx
    .insert(domainEvents)
    .values({ type: event.type, payload: event.payload, ...(dueAt ? { claimedUntil: dueAt } : {}) });
  for (const reaction of reactions.get(event.type) ?? []) {
    await reaction(tx, event);
  }
  eventRecorded();
  const uncommitted = openTransaction.getStore();
  if (uncommitted) uncommitted.push(event);
  else eventCommitted(event);
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

const committedListeners = new Set<(event: DomainEvent) => void>();

/**
 * Told of each fact once its transaction has committed, never of one rolled back (the metrics'
 * business counters). Synchronous and must not throw: it runs after the commit, in the caller's
 * flow. Needs `trackCommits(db)` on the database; without it a listener hears a fact as it is
 * recorded.
 */
export function onEventCommitted(listener: (event: DomainEvent) => void): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

function eventCommitted(event: DomainEvent): void {
  for (const listener of committedListeners) listener(event);
}

/** The facts recorded so far in the transaction the current code runs in. */
const openTransaction = new AsyncLocalStorage<DomainEvent[]>();
const tracked = new WeakSet<Database>();

/**
 * Makes `db.transaction` hold back the events recorded inside it until it commits, and drop them
 * when it rolls back. Drizzle has no commit hook, and the 30-odd transactions that may record
 * events should not each have to announce them; so the one method is wrapped, once per database.
 * A savepoint (`tx.transaction`) belongs to its outer transaction: its events wait for that one.
 */
export function trackCommits(db: Database): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = async (run, config) => {
    const recorded: DomainEvent[] = [];
    const result = await transaction((tx) => openTransaction.run(recorded, () => run(tx)), config);
    for (const event of recorded) eventCommitted(event);
    return result;
  };
}
