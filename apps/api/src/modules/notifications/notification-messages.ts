import type { MessageTemplate, NotificationTopic } from '@app/domain';
import type { DomainEvent, OrderActor } from '../../lib/domain-events.js';

export interface NotificationMessage {
  recipientUserId: string;
  /** Null for transactional messages, which a person cannot switch off. */
  topic: NotificationTopic | null;
  template: MessageTemplate;
  subject: string;
  /** The text without the closing unsubscribe line, which the sender adds per recipient. */
  text: string;
}

/** ₹1,234.50 in the Indian grouping; whole rupees without paise. */
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
  }).format(paise / 100);

const cancelledBy = (actor: OrderActor) =>
  actor === 'buyer' ? ' at your request' : actor === 'system' ? '' : ` by the ${actor}`;

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The message an event sends, with its link made absolute. Each template is one fixed text with
 * variables, as India's DLT registration requires of SMS.
 */
export function composeMessage(event: DomainEvent, publicUrl: string): NotificationMessage | null {
  const url = `${publicUrl}${event.payload.link}`;
  if ('notifyBuyer' in event.payload && !event.payload.notifyBuyer) return null;
  switch (event.type) {
    case 'order.placed':
      return null;
    case 'query.answered':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: 'answers',
        template: 'query-answered',
        subject: 'Your query has an answer',
        text: `${event.payload.answeredBy} answered your query "${clip(event.payload.queryText)}".\n\nRead the answer: ${url}`,
      };
    case 'post.tagged':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: 'tags',
        template: 'post-tagged',
        subject: event.payload.needsAcceptance
          ? 'A review tagged you: accept or decline'
          : 'A review tagged you',
        text: event.payload.needsAcceptance
          ? `${event.payload.taggedBy} tagged you in the review "${clip(event.payload.postTitle)}". It shows on your page once you accept it: ${url}`
          : `${event.payload.taggedBy} tagged you in the review "${clip(event.payload.postTitle)}": ${url}`,
      };
    case 'skill.responded':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: 'responses',
        template: 'skill-responded',
        subject: `${clip(event.payload.fromName, 40)} responded to your post`,
        text:
          `${event.payload.fromName} responded to "${clip(event.payload.postTitle)}":\n\n` +
          `${clip(event.payload.message, 1000)}\n\nReply to them at ${event.payload.replyTo}. All responses: ${url}`,
      };
    case 'order.paid':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Order ${event.payload.orderNumber} is confirmed`,
        text: `We received your payment for ${clip(event.payload.productName)}. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.dispatched': {
      const courier = event.payload.courier ? ` with ${event.payload.courier}` : '';
      const tracking = event.payload.trackingNumber
        ? `, tracking number ${event.payload.trackingNumber}`
        : '';
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Order ${event.payload.orderNumber} is on its way`,
        text: `Your ${clip(event.payload.productName)} is on its way${courier}${tracking}. Order ${event.payload.orderNumber}: ${url}`,
      };
    }
    case 'order.delivered':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Order ${event.payload.orderNumber} is delivered`,
        text: `Your ${clip(event.payload.productName)} is marked delivered. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.accepted':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Order ${event.payload.orderNumber} is accepted`,
        text: `The seller accepted your cash-on-delivery order for ${clip(event.payload.productName)}; pay ${rupees(event.payload.amountPaise)} when it arrives. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.cancelled':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Order ${event.payload.orderNumber} is cancelled`,
        text: `Your order for ${clip(event.payload.productName)} is cancelled${cancelledBy(event.payload.cancelledBy)}: ${clip(event.payload.reason, 300)}. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'refund.requested':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Refund of ${rupees(event.payload.refundPaise)} started for order ${event.payload.orderNumber}`,
        text: `A refund of ${rupees(event.payload.refundPaise)} for ${clip(event.payload.productName)} has started (${clip(event.payload.reason, 200)}). We will tell you when it reaches you. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'refund.succeeded':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `${rupees(event.payload.refundPaise)} refunded for order ${event.payload.orderNumber}`,
        text: `${rupees(event.payload.refundPaise)} for ${clip(event.payload.productName)} is refunded (${clip(event.payload.reason, 200)}); ${rupees(event.payload.refundedPaiseTotal)} refunded in all. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'refund.failed':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'order-update',
        subject: `Refund for order ${event.payload.orderNumber} did not go through`,
        text: `The refund of ${rupees(event.payload.refundPaise)} for ${clip(event.payload.productName)} did not go through; the seller has been told and will try again. Order ${event.payload.orderNumber}: ${url}`,
      };
    case 'application.approved':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'application-decision',
        subject: 'Your seller account is approved',
        text: `Your application is approved: you can log in and manage your store at ${url}`,
      };
    case 'application.rejected':
      return {
        recipientUserId: event.payload.recipientUserId,
        topic: null,
        template: 'application-decision',
        subject: 'About your application',
        text: `We could not approve your application: ${clip(event.payload.reason, 300)}. You may apply again at ${url}`,
      };
  }
}

const cancelledByHindi = (actor: OrderActor) =>
  actor === 'buyer'
    ? ' आपके कहने पर'
    : actor === 'seller'
      ? ' विक्रेता द्वारा'
      : actor === 'admin'
        ? ' एडमिन द्वारा'
        : '';

/**
 * The order messages for a recipient who chose Hindi (issue 26): the same facts and link as
 * `composeMessage`. Null for the messages that have no Hindi yet; those go in English.
 */
export function composeHindiMessage(
  event: DomainEvent,
  publicUrl: string,
): Pick<NotificationMessage, 'subject' | 'text'> | null {
  const url = `${publicUrl}${event.payload.link}`;
  switch (event.type) {
    case 'order.placed':
      return null;
    case 'order.paid':
      return {
        subject: `ऑर्डर ${event.payload.orderNumber} पक्का हो गया है`,
        text: `${clip(event.payload.productName)} के लिए आपका भुगतान हमें मिल गया है। ऑर्डर ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.dispatched': {
      const courier = event.payload.courier ? ` ${event.payload.courier} से` : '';
      const tracking = event.payload.trackingNumber ? `, ट्रैकिंग नंबर ${event.payload.trackingNumber}` : '';
      return {
        subject: `ऑर्डर ${event.payload.orderNumber} रास्ते में है`,
        text: `आपका ${clip(event.payload.productName)}${courier} भेज दिया गया है${tracking}। ऑर्डर ${event.payload.orderNumber}: ${url}`,
      };
    }
    case 'order.delivered':
      return {
        subject: `ऑर्डर ${event.payload.orderNumber} पहुँच गया है`,
        text: `आपके ${clip(event.payload.productName)} की डिलीवरी दर्ज हो गई है। ऑर्डर ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.accepted':
      return {
        subject: `ऑर्डर ${event.payload.orderNumber} स्वीकार हो गया है`,
        text: `विक्रेता ने ${clip(event.payload.productName)} का आपका कैश-ऑन-डिलीवरी ऑर्डर स्वीकार कर लिया है; सामान पहुँचने पर ${rupees(event.payload.amountPaise)} चुकाएँ। ऑर्डर ${event.payload.orderNumber}: ${url}`,
      };
    case 'order.cancelled':
      return {
        subject: `ऑर्डर ${event.payload.orderNumber} रद्द हो गया है`,
        text: `${clip(event.payload.productName)} का आपका ऑर्डर${cancelledByHindi(event.payload.cancelledBy)} रद्द कर दिया गया है: ${clip(event.payload.reason, 300)}। ऑर्डर ${event.payload.orderNumber}: ${url}`,
      };
    // No Hindi yet: these go in English.
    case 'query.answered':
    case 'post.tagged':
    case 'skill.responded':
    case 'refund.requested':
    case 'refund.succeeded':
    case 'refund.failed':
    case 'application.approved':
    case 'application.rejected':
      return null;
  }
}
