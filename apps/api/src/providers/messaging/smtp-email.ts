import type { Transporter } from 'nodemailer';
import type { OutgoingMessage } from './messaging.js';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  from: string;
}

export function createSmtpSender({ url, from }: SmtpOptions) {
  // nodemailer is loaded with the first message, not at start (it weighs several MB).
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
  return async (message: OutgoingMessage) => {
    transport ??= connect();
    await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}
