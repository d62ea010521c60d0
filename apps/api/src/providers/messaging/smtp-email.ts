import nodemailer from 'nodemailer';
import type { OutgoingMessage } from './messaging.js';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  from: string;
}

export function createSmtpSender({ url, from }: SmtpOptions) {
  const transport = nodemailer.createTransport(url);
  return async (message: OutgoingMessage) => {
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}
