import {
  LOW_STOCK_AT,
  QUESTION_REMINDER_HOURS,
  type MessageTemplate,
  type NotificationTopic,
} from '@app/domain';
import type { DomainEvent, OrderActor, OrderEventPayload } from '../../lib/domain-events.js';

type Text = { subject: string; text: string; /** Shorter, for SMS; `text` otherwise. */ sms?: string };

export interface NotificationMessage extends Text {
  /** The account the message is for: its switched-off topics and (unless `contact`) its contacts. */
  recipientUserId: string;
  /** Which of the event's messages it is ('buyer', 'seller'): with the channel, what `sent` records. */
  role: 'buyer' | 'seller' | 'recipient';
  /**
   * Sent here rather than to the account's contacts: the contact a buyer typed at checkout. With
   * `accountLanguage` false, nothing of the account decides the message (an order placed with the
   * contact of an account that has not confirmed it: decision 020).
   */
  contact?: { email: string; mobile: string | null } | undefined;
  accountLanguage: boolean;
  /** Null for transactional messages, which a person cannot switch off. */
  topic: NotificationTopic | null;
  template: MessageTemplate;
  /** The same message in Hindi (issue 26), for a recipient who chose it; null where there is none yet. */
  hindi: Text | null;
}

/** ₹1,234.50 in the Indian grouping; whole rupees without paise. */
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
  }).format(paise / 100);

/** "7 Dec, 3:30 pm IST": India's time, whatever the server's zone. */
const when = (iso: string, locale: 'en-IN' | 'hi-IN') =>
  `${new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))} IST`;

const cancelledBy = (actor: OrderActor) =>
  actor === 'buyer' ? ' at your request' : actor === 'system' ? '' : ` by the ${actor}`;

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where a seller finds the order: their order list, searched by its number. */
const consoleLink = (publicUrl: string, p: { orderNumber: string }) =>
  `${publicUrl}/sellerorders?number=${encodeURIComponent(p.orderNumber)}`;

/** "Chanderi kurta, size XL" */
const item = (p: OrderEventPayload, sizeWord = 'size') =>
  p.size ? `${clip(p.productName)}, ${sizeWord} ${p.size}` : clip(p.productName);

/**
 * The lines of a buyer's confirmation: the order's number, item, size, quantity, amount, address
 * and seller. Empty for an event recorded before payloads carried them.
 */
function confirmationLines(p: OrderEventPayload, amountLabel: string, hindi: boolean): string {
  if (p.quantity === undefined) return '';
  const lines = hindi
    ? [
        `ऑर्डर: ${p.orderNumber}`,
        `सामान: ${item(p, 'साइज़')}`,
        `संख्या: ${p.quantity}`,
        `${amountLabel}: ${rupees(p.amountPaise)}`,
        ...(p.checkout
          ? [
              p.checkout.address
                ? `पता: ${p.checkout.name}, ${p.checkout.address}`
                : `पता (${p.checkout.name}): अभी देना बाकी है, नीचे दिए लिंक से ऑर्डर के पेज पर दें`,
            ]
          : []),
        ...(p.storeName ? [`विक्रेता: ${p.storeName}`] : []),
      ]
    : [
        `Order: ${p.orderNumber}`,
        `Item: ${item(p)}`,
        `Quantity: ${p.quantity}`,
        `${amountLabel}: ${rupees(p.amountPaise)}`,
        ...(p.checkout
          ? [
              p.checkout.address
                ? `Deliver to: ${p.checkout.name}, ${p.checkout.address}`
                : `Deliver to: ${p.checkout.name}, address still needed: give it on your order's page below`,
            ]
          : []),
        ...(p.storeName ? [`Seller: ${p.storeName}`] : []),
      ];
  return `\n\n${lines.join('\n')}`;
}

/** The seller's line when the order left little of a counted stock. */
function stockLine(p: OrderEventPayload, hindi: boolean): string {
  if (p.stockLeft === undefined || p.stockLeft === null || p.stockLeft > LOW_STOCK_AT) return '';
  if (p.stockLeft === 0) {
    return hindi
      ? '\n\nयह प्रोडक्ट अब स्टॉक में नहीं है: बेचते रहने के लिए स्टॉक जोड़ें।'
      : '\n\nThis product is now sold out: add stock to keep selling it.';
  }
  return hindi
    ? `\n\nइस प्रोडक्ट के अब सिर्फ़ ${p.stockLeft} बचे हैं।`
    : `\n\nOnly ${p.stockLeft} left of this product.`;
}

/**
 * The messages an event sends, with their links made absolute: the buyer's (to the contact given
 * at checkout) and the seller's (to their account). Each template is one fixed text with
 * variables, as India's DLT registration requires of SMS.
 */
export function composeMessages(
  event: DomainEvent,
  publicUrl: string,
  /** The buyer's link to the order, carrying its key (decision 063); the page's path without it. */
  buyerOrderUrl: string | null = null,
  /** Where an author writes to ask for another look at a moderated post (SUPPORT_EMAIL). */
  supportEmail = 'support@revuhub.in',
  /** The review form a delivered order's message asks the buyer to fill in (issue 41), with its key. */
  reviewUrl: string | null = null,
): NotificationMessage[] {
  return [
    buyerMessage(event, publicUrl, buyerOrderUrl, supportEmail, reviewUrl),
    sellerMessage(event, publicUrl),
  ].filter((m): m is NotificationMessage => m !== null);
}

function forBuyer(p: OrderEventPayload, text: Text, hindi: Text | null): NotificationMessage | null {
  // Events from before payloads carried the checkout contact keep decision 020's silence.
  if (!p.checkout && !p.notifyBuyer) return null;
  return {
    recipientUserId: p.recipientUserId,
    role: 'buyer',
    contact: p.checkout ? { email: p.checkout.email, mobile: p.checkout.mobile } : undefined,
    accountLanguage: p.notifyBuyer,
    topic: null,
    template: 'order-update',
    ...text,
    hindi,
  };
}

function buyerMessage(
  event: DomainEvent,
  publicUrl: string,
  buyerOrderUrl: string | null,
  supportEmail: string,
  reviewUrl: string | null,
): NotificationMessage | null {
  const url = buyerOrderUrl ?? `${publicUrl}${event.payload.link}`;
  const own = (
    text: Text,
    topic: NotificationTopic | null,
    template: MessageTemplate,
    hindi: Text | null = null,
  ) => ({
    recipientUserId: event.payload.recipientUserId,
    role: 'recipient' as const,
    accountLanguage: true,
    topic,
    template,
    ...text,
    hindi,
  });
  switch (event.type) {
    case 'post.moderated': {
      const p = event.payload;
      const title = p.postTitle ? `"${clip(p.postTitle)}"` : 'without a title';
      if (p.action === 'restore') {
        return own(
          {
            subject: 'Your post is visible again on Revuhub',
            text: `Moderators looked again at your post ${title} and restored it: everyone can read it again.\n\nWhy: ${clip(p.reason, 500)}\n\nYour post: ${url}`,
            sms: `Revuhub: your post ${clip(title, 60)} is visible again. ${url}`,
          },
          null,
          'post-moderated',
          {
            subject: 'आपकी पोस्ट Revuhub पर फिर से दिख रही है',
            text: `मॉडरेटरों ने आपकी पोस्ट ${title} को फिर से देखा और बहाल कर दिया: अब सब इसे फिर पढ़ सकते हैं।\n\nकारण: ${clip(p.reason, 500)}\n\nआपकी पोस्ट: ${url}`,
            sms: `Revuhub: आपकी पोस्ट ${clip(title, 60)} फिर से दिख रही है। ${url}`,
          },
        );
      }
      const removed = p.action === 'remove';
      return own(
        {
          subject: removed ? 'Your post was removed from Revuhub' : 'Your post is hidden on Revuhub',
          text:
            `Moderators ${removed ? 'removed' : 'hid'} your post ${title}: only you can read it now, at its link.\n\n` +
            `Why: ${clip(p.reason, 500)}\n\nIf you think this is a mistake, write to ${supportEmail} and say why; a moderator will look again. Your post: ${url}`,
          sms: `Revuhub: moderators ${removed ? 'removed' : 'hid'} your post ${clip(title, 40)}. Why: ${clip(p.reason, 60)} ${url}`,
        },
        null,
        'post-moderated',
        {
          subject: removed ? 'आपकी पोस्ट Revuhub से हटा दी गई' : 'आपकी पोस्ट Revuhub पर छिपा दी गई',
          text:
            `मॉडरेटरों ने आपकी पोस्ट ${title} ${removed ? 'हटा दी' : 'छिपा दी'} है: अब सिर्फ़ आप इसे इसके लिंक पर पढ़ सकते हैं।\n\n` +
            `कारण: ${clip(p.reason, 500)}\n\nअगर आपको लगता है कि यह गलती है, तो ${supportEmail} पर लिखकर बताएँ; कोई मॉडरेटर इसे फिर से देखेगा। आपकी पोस्ट: ${url}`,
          sms: `Revuhub: मॉडरेटरों ने आपकी पोस्ट ${clip(title, 40)} ${removed ? 'हटा दी' : 'छिपा दी'}। कारण: ${clip(p.reason, 60)} ${url}`,
        },
      );
    }
    case 'order.placed': {
      const p = event.payload;
      // An online order is confirmed once paid (order.paid).
      if (p.awaitingPayment) return null;
      if (p.codAcceptBy) {
        return forBuyer(
          p,
          {
            subject: `Order ${p.orderNumber} is placed: cash on delivery`,
            text:
              `Thank you for your order${p.storeName ? ` from ${p.storeName}` : ''}. You pay ${rupees(p.amountPaise)} in cash when it arrives; ` +
              `the seller confirms it by ${when(p.codAcceptBy, 'en-IN')} and we will tell you.` +
              confirmationLines(p, 'To pay on delivery', false) +
              `\n\nYour order, no password needed: ${url}`,
            sms: `Order ${p.orderNumber} placed: ${clip(p.productName, 40)}, ${rupees(p.amountPaise)} cash on delivery. ${url}`,
          },
          {
            subject: `ऑर्डर ${p.orderNumber} हो गया है: कैश ऑन डिलीवरी`,
            text:
              `आपके ऑर्डर के लिए धन्यवाद। सामान पहुँचने पर ${rupees(p.amountPaise)} नकद चुकाएँ; ` +
              `विक्रेता ${when(p.codAcceptBy, 'hi-IN')} तक इसकी पुष्टि करेगा और हम आपको बताएँगे।` +
              confirmationLines(p, 'डिलीवरी पर चुकाना है', true) +
              `\n\nआपका ऑर्डर, बिना पासवर्ड के: ${url}`,
            sms: `ऑर्डर ${p.orderNumber} हो गया: ${clip(p.productName, 40)}, ${rupees(p.amountPaise)} कैश ऑन डिलीवरी। ${url}`,
          },
        );
      }
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is confirmed`,
          text:
            `Your order${p.storeName ? ` from ${p.storeName}` : ''} is confirmed.` +
            confirmationLines(p, 'Amount', false) +
            `\n\nYour order, no password needed: ${url}`,
          sms: `Order ${p.orderNumber} confirmed: ${clip(p.productName, 40)}, ${rupees(p.amountPaise)}. ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} पक्का हो गया है`,
          text:
            'आपका ऑर्डर पक्का हो गया है।' +
            confirmationLines(p, 'रकम', true) +
            `\n\nआपका ऑर्डर, बिना पासवर्ड के: ${url}`,
          sms: `ऑर्डर ${p.orderNumber} पक्का: ${clip(p.productName, 40)}, ${rupees(p.amountPaise)}। ${url}`,
        },
      );
    }
    case 'order.acceptance-reminder':
      return null;
    case 'query.answered':
      return own(
        {
          subject: 'Your query has an answer',
          text: `${event.payload.answeredBy} answered your query "${clip(event.payload.queryText)}".\n\nRead the answer: ${url}`,
        },
        'answers',
        'query-answered',
      );
    case 'query.asked':
    case 'query.reminder': {
      const p = event.payload;
      const question = clip(p.queryText, 200);
      const reminder = event.type === 'query.reminder';
      return own(
        {
          subject: reminder
            ? `Still unanswered: a question for ${clip(p.askedOf, 60)}`
            : `A question for ${clip(p.askedOf, 60)}`,
          text: reminder
            ? `${p.askedBy} asked ${p.askedOf} ${QUESTION_REMINDER_HOURS} hours ago and is waiting for your answer:\n\n"${question}"\n\nAnswer it from your Questions: ${url}`
            : `${p.askedBy} asked ${p.askedOf}:\n\n"${question}"\n\nAnswer it from your Questions: ${url}`,
          sms: `${reminder ? 'Still unanswered' : 'New question'} for ${clip(p.askedOf, 30)}: "${clip(p.queryText, 60)}" Answer: ${url}`,
        },
        'questions',
        'query-asked',
        {
          subject: reminder
            ? `अभी तक जवाब नहीं: ${clip(p.askedOf, 60)} के लिए एक सवाल`
            : `${clip(p.askedOf, 60)} के लिए एक सवाल`,
          text: reminder
            ? `${p.askedBy} ने ${QUESTION_REMINDER_HOURS} घंटे पहले ${p.askedOf} से पूछा था और आपके जवाब का इंतज़ार है:\n\n"${question}"\n\nअपने सवालों में जवाब दें: ${url}`
            : `${p.askedBy} ने ${p.askedOf} से पूछा है:\n\n"${question}"\n\nअपने सवालों में जवाब दें: ${url}`,
          sms: `${reminder ? 'अभी तक जवाब नहीं' : 'नया सवाल'}, ${clip(p.askedOf, 30)} के लिए: "${clip(p.queryText, 60)}" जवाब दें: ${url}`,
        },
      );
    }
    case 'post.tagged':
      return own(
        {
          subject: event.payload.needsAcceptance
            ? 'A review tagged you: accept or decline'
            : 'A review tagged you',
          text: event.payload.needsAcceptance
            ? `${event.payload.taggedBy} tagged you in the review "${clip(event.payload.postTitle)}". It shows on your page once you accept it: ${url}`
            : `${event.payload.taggedBy} tagged you in the review "${clip(event.payload.postTitle)}": ${url}`,
        },
        'tags',
        'post-tagged',
      );
    case 'skill.responded':
      return own(
        {
          subject: `${clip(event.payload.fromName, 40)} responded to your post`,
          text:
            `${event.payload.fromName} responded to "${clip(event.payload.postTitle)}":\n\n` +
            `${clip(event.payload.message, 1000)}\n\nReply to them at ${event.payload.replyTo}. All responses: ${url}`,
        },
        'responses',
        'skill-responded',
      );
    case 'review.replied': {
      const p = event.payload;
      const title = p.postTitle ? `"${clip(p.postTitle)}"` : 'without a title';
      return own(
        {
          subject: `${clip(p.repliedAs, 40)} replied to your review`,
          text: `${p.repliedAs} replied to your review ${title}. Read the reply: ${url}`,
          sms: `Revuhub: ${clip(p.repliedAs, 40)} replied to your review. Read it: ${url}`,
        },
        'responses',
        'review-replied',
        {
          subject: `${clip(p.repliedAs, 40)} ने आपके रिव्यू का जवाब दिया`,
          text: `${p.repliedAs} ने आपके रिव्यू ${title} का जवाब दिया। जवाब पढ़ें: ${url}`,
          sms: `Revuhub: ${clip(p.repliedAs, 40)} ने आपके रिव्यू का जवाब दिया। पढ़ें: ${url}`,
        },
      );
    }
    case 'creator.reached-out':
      return own(
        {
          subject: 'Someone reached out to you on Revuhub',
          text:
            `${event.payload.replyTo} read your reviews on Revuhub and sent you this note:\n\n` +
            `${clip(event.payload.message, 1000)}\n\nReply to them at ${event.payload.replyTo}. Your reviews: ${url}`,
          sms: `Revuhub: ${clip(event.payload.replyTo, 60)} sent you a note: "${clip(event.payload.message, 80)}". Reply by e-mail. ${url}`,
        },
        'responses',
        'creator-reached-out',
      );
    case 'order.paid': {
      const p = event.payload;
      // An online payment confirms the order; cash on delivery was confirmed when placed.
      const details = p.paymentMethod === 'ONLINE' ? confirmationLines(p, 'Paid', false) : '';
      const hindiDetails = p.paymentMethod === 'ONLINE' ? confirmationLines(p, 'चुकाया', true) : '';
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is confirmed`,
          text: details
            ? `We received your payment for ${clip(p.productName)}. Thank you for your order${p.storeName ? ` from ${p.storeName}` : ''}.${details}\n\nYour order, no password needed: ${url}`
            : `We received your payment for ${clip(p.productName)}. Order ${p.orderNumber}: ${url}`,
          sms: `Order ${p.orderNumber} confirmed: payment of ${rupees(p.amountPaise)} received for ${clip(p.productName, 40)}. ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} पक्का हो गया है`,
          text: hindiDetails
            ? `${clip(p.productName)} के लिए आपका भुगतान हमें मिल गया है। आपके ऑर्डर के लिए धन्यवाद।${hindiDetails}\n\nआपका ऑर्डर, बिना पासवर्ड के: ${url}`
            : `${clip(p.productName)} के लिए आपका भुगतान हमें मिल गया है। ऑर्डर ${p.orderNumber}: ${url}`,
          sms: `ऑर्डर ${p.orderNumber} पक्का: ${clip(p.productName, 40)} के लिए ${rupees(p.amountPaise)} का भुगतान मिल गया। ${url}`,
        },
      );
    }
    case 'order.dispatched': {
      const p = event.payload;
      const courier = p.courier ? ` with ${p.courier}` : '';
      const tracking = p.trackingNumber ? `, tracking number ${p.trackingNumber}` : '';
      const hiCourier = p.courier ? ` ${p.courier} से` : '';
      const hiTracking = p.trackingNumber ? `, ट्रैकिंग नंबर ${p.trackingNumber}` : '';
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is on its way`,
          text: `Your ${clip(p.productName)} is on its way${courier}${tracking}. Order ${p.orderNumber}: ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} रास्ते में है`,
          text: `आपका ${clip(p.productName)}${hiCourier} भेज दिया गया है${hiTracking}। ऑर्डर ${p.orderNumber}: ${url}`,
        },
      );
    }
    case 'order.link-requested': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Your link to order ${p.orderNumber}`,
          text:
            `Someone asked for the link to your order ${p.orderNumber} (${item(p)}) on a device without it. ` +
            `It opens your order, no password needed: ${url}\n\nIf that was not you, ignore this message: ` +
            `the link was sent only to you. To end every link to the order, use "Stop earlier links" on its page.`,
          sms: `Revuhub: the link to your order ${p.orderNumber}, as asked: ${url} Not you? Ignore this; only you got it.`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} का आपका लिंक`,
          text:
            `किसी ने ऐसे डिवाइस पर आपके ऑर्डर ${p.orderNumber} (${item(p, 'साइज़')}) का लिंक माँगा जिस पर वह नहीं था। ` +
            `यह लिंक बिना पासवर्ड के आपका ऑर्डर खोलता है: ${url}\n\nअगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें: ` +
            `लिंक सिर्फ़ आपको भेजा गया है। ऑर्डर के सभी लिंक बंद करने के लिए उसके पेज पर "पुराने लिंक बंद करें" चुनें।`,
          sms: `Revuhub: आपके ऑर्डर ${p.orderNumber} का लिंक, जैसा माँगा गया: ${url} आपने नहीं माँगा? अनदेखा करें; लिंक सिर्फ़ आपको मिला।`,
        },
      );
    }
    case 'order.delivered': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is delivered`,
          text:
            `Your ${clip(p.productName)} is marked delivered. Order ${p.orderNumber}: ${url}` +
            // The one request for a review (issue 41): no reminder follows.
            (reviewUrl ? `\n\nHow is it? Rate it and write your review: ${reviewUrl}` : ''),
        },
        {
          subject: `ऑर्डर ${p.orderNumber} पहुँच गया है`,
          text:
            `आपके ${clip(p.productName)} की डिलीवरी दर्ज हो गई है। ऑर्डर ${p.orderNumber}: ${url}` +
            (reviewUrl ? `\n\nकैसा लगा? स्टार दें और अपना रिव्यू लिखें: ${reviewUrl}` : ''),
        },
      );
    }
    case 'order.accepted': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is accepted`,
          text: `The seller accepted your cash-on-delivery order for ${clip(p.productName)}; pay ${rupees(p.amountPaise)} when it arrives. Order ${p.orderNumber}: ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} स्वीकार हो गया है`,
          text: `विक्रेता ने ${clip(p.productName)} का आपका कैश-ऑन-डिलीवरी ऑर्डर स्वीकार कर लिया है; सामान पहुँचने पर ${rupees(p.amountPaise)} चुकाएँ। ऑर्डर ${p.orderNumber}: ${url}`,
        },
      );
    }
    case 'order.cancelled': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Order ${p.orderNumber} is cancelled`,
          text: `Your order for ${clip(p.productName)} is cancelled${cancelledBy(p.cancelledBy)}: ${clip(p.reason, 300)}. Order ${p.orderNumber}: ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} रद्द हो गया है`,
          text: `${clip(p.productName)} का आपका ऑर्डर${cancelledByHindi(p.cancelledBy)} रद्द कर दिया गया है: ${clip(p.reason, 300)}। ऑर्डर ${p.orderNumber}: ${url}`,
        },
      );
    }
    // No Hindi yet for refunds: these go in English.
    case 'refund.requested': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Refund of ${rupees(p.refundPaise)} started for order ${p.orderNumber}`,
          text: `A refund of ${rupees(p.refundPaise)} for ${clip(p.productName)} has started (${clip(p.reason, 200)}). We will tell you when it reaches you. Order ${p.orderNumber}: ${url}`,
        },
        null,
      );
    }
    case 'refund.succeeded': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `${rupees(p.refundPaise)} refunded for order ${p.orderNumber}`,
          text: `${rupees(p.refundPaise)} for ${clip(p.productName)} is refunded (${clip(p.reason, 200)}); ${rupees(p.refundedPaiseTotal)} refunded in all. Order ${p.orderNumber}: ${url}`,
        },
        null,
      );
    }
    case 'refund.failed': {
      const p = event.payload;
      return forBuyer(
        p,
        {
          subject: `Refund for order ${p.orderNumber} did not go through`,
          text: `The refund of ${rupees(p.refundPaise)} for ${clip(p.productName)} did not go through; the seller has been told and will try again. Order ${p.orderNumber}: ${url}`,
        },
        null,
      );
    }
    case 'application.approved':
      return own(
        {
          subject: 'Your seller account is approved',
          text: `Your application is approved: you can log in and manage your store at ${url}`,
        },
        null,
        'application-decision',
      );
    case 'application.rejected':
      return own(
        {
          subject: 'About your application',
          text: `We could not approve your application: ${clip(event.payload.reason, 300)}. You may apply again at ${url}`,
        },
        null,
        'application-decision',
      );
    case 'gstin.approved':
      return own(
        {
          subject: `Your GSTIN ${event.payload.gstin} is approved`,
          text: `Revuhub approved your GSTIN ${event.payload.gstin}: the tax invoices of the orders you dispatch from now on carry it. Your tax details: ${url}`,
          sms: `Revuhub: your GSTIN ${event.payload.gstin} is approved; your next tax invoices carry it. ${url}`,
        },
        null,
        'gstin-decision',
        {
          subject: `आपका GSTIN ${event.payload.gstin} मंज़ूर हो गया है`,
          text: `Revuhub ने आपका GSTIN ${event.payload.gstin} मंज़ूर कर दिया है: अब से आप जो ऑर्डर भेजेंगे, उनके टैक्स इनवॉइस पर यही होगा। आपकी टैक्स जानकारी: ${url}`,
          sms: `Revuhub: आपका GSTIN ${event.payload.gstin} मंज़ूर हो गया; आगे के टैक्स इनवॉइस पर यही होगा। ${url}`,
        },
      );
    case 'gstin.refused':
      return own(
        {
          subject: `Your GSTIN ${event.payload.gstin} was not approved`,
          text: `Revuhub could not approve your GSTIN ${event.payload.gstin}: ${clip(event.payload.reason, 300)}. Your tax invoices stay as they were. Correct your tax details and save them again: ${url}`,
          sms: `Revuhub: your GSTIN ${event.payload.gstin} was not approved: ${clip(event.payload.reason, 60)} ${url}`,
        },
        null,
        'gstin-decision',
        {
          subject: `आपका GSTIN ${event.payload.gstin} मंज़ूर नहीं हुआ`,
          text: `Revuhub आपका GSTIN ${event.payload.gstin} मंज़ूर नहीं कर सका: ${clip(event.payload.reason, 300)}। आपके टैक्स इनवॉइस पहले जैसे ही रहेंगे। अपनी टैक्स जानकारी ठीक करके फिर से सेव करें: ${url}`,
          sms: `Revuhub: आपका GSTIN ${event.payload.gstin} मंज़ूर नहीं हुआ: ${clip(event.payload.reason, 60)} ${url}`,
        },
      );
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

function forSeller(p: { sellerUserId: string }, text: Text, hindi: Text | null): NotificationMessage {
  // Transactional: a seller cannot switch off what they must act on.
  return {
    recipientUserId: p.sellerUserId,
    role: 'seller',
    accountLanguage: true,
    topic: null,
    template: 'order-update',
    ...text,
    hindi,
  };
}

/**
 * The seller's message: a new order (paid online, waiting for their acceptance, or placed by the
 * admin without payment), the reminder to accept, a cancellation they did not make, a refund done.
 * Each links to the order in their console and says when little stock is left.
 */
function sellerMessage(event: DomainEvent, publicUrl: string): NotificationMessage | null {
  switch (event.type) {
    case 'order.placed': {
      const p = event.payload;
      const url = consoleLink(publicUrl, p);
      if (p.awaitingPayment) return null;
      if (p.codAcceptBy) {
        return forSeller(
          p,
          {
            subject: `New cash-on-delivery order ${p.orderNumber}: accept it by ${when(p.codAcceptBy, 'en-IN')}`,
            text:
              `New cash-on-delivery order ${p.orderNumber}: ${item(p)}, quantity ${p.quantity ?? 1}, ${rupees(p.amountPaise)} to collect on delivery. ` +
              `Accept it by ${when(p.codAcceptBy, 'en-IN')}, or it is cancelled and its stock goes back on sale.` +
              stockLine(p, false) +
              `\n\nAccept it in your orders: ${url}`,
            sms: `New COD order ${p.orderNumber}, ${rupees(p.amountPaise)}: accept by ${when(p.codAcceptBy, 'en-IN')} or it is cancelled. ${url}`,
          },
          {
            subject: `नया कैश-ऑन-डिलीवरी ऑर्डर ${p.orderNumber}: ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें`,
            text:
              `नया कैश-ऑन-डिलीवरी ऑर्डर ${p.orderNumber}: ${item(p, 'साइज़')}, संख्या ${p.quantity ?? 1}, डिलीवरी पर ${rupees(p.amountPaise)} लेने हैं। ` +
              `इसे ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें, नहीं तो यह रद्द हो जाएगा और इसका स्टॉक फिर बिक्री पर आ जाएगा।` +
              stockLine(p, true) +
              `\n\nअपने ऑर्डर में इसे स्वीकार करें: ${url}`,
            sms: `नया COD ऑर्डर ${p.orderNumber}, ${rupees(p.amountPaise)}: ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें, नहीं तो रद्द। ${url}`,
          },
        );
      }
      return newOrder(p, url, 'placed');
    }
    case 'order.paid': {
      const p = event.payload;
      // Cash on delivery: the seller marked it paid themselves.
      if (p.paymentMethod !== 'ONLINE') return null;
      return newOrder(p, consoleLink(publicUrl, p), 'paid');
    }
    case 'order.acceptance-reminder': {
      const p = event.payload;
      const url = `${publicUrl}${p.link}`;
      return forSeller(
        { sellerUserId: p.recipientUserId },
        {
          subject: `Reminder: accept order ${p.orderNumber} by ${when(p.codAcceptBy, 'en-IN')}`,
          text:
            `Cash-on-delivery order ${p.orderNumber} (${clip(p.productName)}, quantity ${p.quantity}, ${rupees(p.amountPaise)}) still waits for you. ` +
            `Accept it by ${when(p.codAcceptBy, 'en-IN')}, or it is cancelled.\n\nAccept it in your orders: ${url}`,
          sms: `Reminder: accept COD order ${p.orderNumber} by ${when(p.codAcceptBy, 'en-IN')} or it is cancelled. ${url}`,
        },
        {
          subject: `याद दिलाना: ऑर्डर ${p.orderNumber} को ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें`,
          text:
            `कैश-ऑन-डिलीवरी ऑर्डर ${p.orderNumber} (${clip(p.productName)}, संख्या ${p.quantity}, ${rupees(p.amountPaise)}) अब भी आपका इंतज़ार कर रहा है। ` +
            `इसे ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें, नहीं तो यह रद्द हो जाएगा।\n\nअपने ऑर्डर में इसे स्वीकार करें: ${url}`,
          sms: `याद दिलाना: COD ऑर्डर ${p.orderNumber} को ${when(p.codAcceptBy, 'hi-IN')} तक स्वीकार करें, नहीं तो रद्द। ${url}`,
        },
      );
    }
    case 'order.cancelled': {
      const p = event.payload;
      // The seller cancelled it themselves; an unpaid online order they were never told of.
      if (p.cancelledBy === 'seller' || (p.paymentMethod === 'ONLINE' && p.paid === false)) return null;
      const url = consoleLink(publicUrl, p);
      const who =
        p.cancelledBy === 'buyer'
          ? 'The buyer cancelled'
          : p.cancelledBy === 'admin'
            ? 'Revuhub cancelled'
            : 'We cancelled';
      const whoHindi =
        p.cancelledBy === 'buyer' ? 'खरीदार ने' : p.cancelledBy === 'admin' ? 'Revuhub ने' : 'हमने';
      return forSeller(
        p,
        {
          subject: `Order ${p.orderNumber} is cancelled: do not ship it`,
          text: `${who} order ${p.orderNumber} (${item(p)}, quantity ${p.quantity ?? 1}): ${clip(p.reason, 300)}. Do not ship it.\n\nYour orders: ${url}`,
        },
        {
          subject: `ऑर्डर ${p.orderNumber} रद्द हो गया है: इसे न भेजें`,
          text: `${whoHindi} ऑर्डर ${p.orderNumber} (${item(p, 'साइज़')}, संख्या ${p.quantity ?? 1}) रद्द कर दिया है: ${clip(p.reason, 300)}। इसे न भेजें।\n\nआपके ऑर्डर: ${url}`,
        },
      );
    }
    case 'refund.succeeded': {
      const p = event.payload;
      const url = consoleLink(publicUrl, p);
      return forSeller(
        p,
        {
          subject: `Refund done for order ${p.orderNumber}: ${rupees(p.refundPaise)}`,
          text: `${rupees(p.refundPaise)} for order ${p.orderNumber} (${item(p)}) is refunded to the buyer (${clip(p.reason, 200)}); ${rupees(p.refundedPaiseTotal)} refunded in all.\n\nYour orders: ${url}`,
        },
        null,
      );
    }
    case 'query.answered':
    case 'query.asked':
    case 'query.reminder':
    case 'post.tagged':
    case 'skill.responded':
    case 'review.replied':
    case 'creator.reached-out':
    case 'post.moderated':
    case 'order.accepted':
    case 'order.dispatched':
    case 'order.delivered':
    case 'order.link-requested':
    case 'refund.requested':
    case 'refund.failed':
    case 'application.approved':
    case 'application.rejected':
    case 'gstin.approved':
    case 'gstin.refused':
      return null;
  }
}

/** A new order for the seller to ship: paid online, or placed by the admin without payment. */
function newOrder(p: OrderEventPayload, url: string, how: 'paid' | 'placed'): NotificationMessage {
  const money = how === 'paid' ? `${rupees(p.amountPaise)} paid online` : `${rupees(p.amountPaise)}`;
  const moneyHindi = how === 'paid' ? `${rupees(p.amountPaise)} ऑनलाइन चुकाए गए` : `${rupees(p.amountPaise)}`;
  return forSeller(
    p,
    {
      subject: `New order ${p.orderNumber}: ${clip(p.productName, 40)}`,
      text:
        `New order ${p.orderNumber}: ${item(p)}, quantity ${p.quantity ?? 1}, ${money}. Ship it from your orders.` +
        stockLine(p, false) +
        `\n\nYour orders: ${url}`,
      sms: `New order ${p.orderNumber}: ${clip(p.productName, 40)} x${p.quantity ?? 1}, ${money}. ${url}`,
    },
    {
      subject: `नया ऑर्डर ${p.orderNumber}: ${clip(p.productName, 40)}`,
      text:
        `नया ऑर्डर ${p.orderNumber}: ${item(p, 'साइज़')}, संख्या ${p.quantity ?? 1}, ${moneyHindi}। इसे अपने ऑर्डर से भेजें।` +
        stockLine(p, true) +
        `\n\nआपके ऑर्डर: ${url}`,
      sms: `नया ऑर्डर ${p.orderNumber}: ${clip(p.productName, 40)} x${p.quantity ?? 1}, ${moneyHindi}। ${url}`,
    },
  );
}
