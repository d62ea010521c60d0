import type { MessageTemplate } from '@app/domain';

export type MessageChannel = 'email' | 'sms';

/** Why a message goes out (its fixed template); the admin's outbox page filters by it. */
export type MessagePurpose = MessageTemplate;

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An e-mail address or a 10-digit Indian mobile number. */
  to: string;
  subject: string;
  text: string;
  purpose: MessagePurpose;
}

export interface MessagingProvider {
  /** `outbox` keeps messages in the database for the admin; `live` hands them to SMTP or an SMS gateway. */
  readonly kind: 'outbox' | 'live';
  /** Channels this provider can deliver on, in the order contacts are tried. */
  readonly channels: readonly MessageChannel[];
  send(message: OutgoingMessage): Promise<void>;
}
