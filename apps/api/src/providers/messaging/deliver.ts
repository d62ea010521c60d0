import type { Language } from '@app/domain';
import type { MessageChannel, MessagePurpose, MessagingProvider } from './messaging.js';

export interface Contact {
  email: string;
  mobile?: string | null | undefined;
  /** The account's saved language: its messages are written in it (issue 26). English when absent. */
  language?: Language | undefined;
}

export interface Delivery {
  channel: MessageChannel;
  to: string;
  /** Safe to show: "your e-mail a***@example.com" or "your mobile ******3210". */
  where: string;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskMobile(mobile: string): string {
  return `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
}

/**
 * Every channel a message reaches its recipient on: the e-mail, and the mobile by SMS (with the
 * template's DLT id, which the SMS sender adds), where the provider has each channel. Notifications
 * go on all of them, so a seller without e-mail at hand still hears of a new order.
 */
export function allDeliveries(messaging: MessagingProvider, contact: Contact): Delivery[] {
  const found: Delivery[] = [];
  for (const channel of messaging.channels) {
    if (channel === 'email' && contact.email) {
      found.push({ channel, to: contact.email, where: `your e-mail ${maskEmail(contact.email)}` });
    }
    if (channel === 'sms' && contact.mobile) {
      found.push({ channel, to: contact.mobile, where: `your mobile ${maskMobile(contact.mobile)}` });
    }
  }
  return found;
}

/**
 * The one contact a code or password goes to: e-mail first (every account has one), else the
 * mobile. One channel, as the screen names where the code went.
 */
export function pickDelivery(messaging: MessagingProvider, contact: Contact): Delivery {
  for (const channel of messaging.channels) {
    if (channel === 'email') {
      return { channel, to: contact.email, where: `your e-mail ${maskEmail(contact.email)}` };
    }
    if (channel === 'sms' && contact.mobile) {
      return { channel, to: contact.mobile, where: `your mobile ${maskMobile(contact.mobile)}` };
    }
  }
  return { channel: 'email', to: contact.email, where: `your e-mail ${maskEmail(contact.email)}` };
}

/** Sends a text to the account's contact and says where it went, for the screen. */
export async function deliver(
  messaging: MessagingProvider,
  contact: Contact,
  message: { subject: string; text: string; purpose: MessagePurpose },
): Promise<Delivery> {
  const delivery = pickDelivery(messaging, contact);
  await messaging.send({ channel: delivery.channel, to: delivery.to, ...message });
  return delivery;
}

/**
 * Delivers a one-time password (after registration, or a checkout that opened an account). The
 * password must never be put in an HTTP response; show `where` instead.
 */
export function deliverOneTimePassword(
  messaging: MessagingProvider,
  contact: Contact,
  password: string,
): Promise<Delivery> {
  if (contact.language === 'hi') {
    return deliver(messaging, contact, {
      purpose: 'one-time-password',
      subject: 'आपका Revuhub पासवर्ड',
      text:
        `नए खाते का डिफ़ॉल्ट पासवर्ड:${password}\n\n` +
        '7 दिन के अंदर इस पासवर्ड से /login पर लॉग इन करें; फिर आपसे अपना पासवर्ड चुनने को कहा जाएगा।',
    });
  }
  return deliver(messaging, contact, {
    purpose: 'one-time-password',
    subject: 'Your Revuhub password',
    text:
      `Default password for new account:${password}\n\n` +
      'Log in at /login with this password within 7 days; you will be asked to choose your own.',
  });
}
