import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { notificationTopicLabels } from './texts/messaging.js';

/** Admin filter of the outbox: a recipient (e-mail or mobile), newest first. */
export const outboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254, 'Recipient is too long').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  _id: idSchema,
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  purpose: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = envelope(z.array(outboxMessageSchema));

/**
 * Every kind of message the product sends. Each is one fixed text with variables, which is what
 * India's DLT registration approves: an SMS gateway needs each one's template id
 * (SMS_DLT_TEMPLATES, decision 029).
 */
export const messageTemplates = [
  'verify-contact',
  'one-time-password',
  'reset-password',
  'confirm-contribution',
  'query-answered',
  'query-asked',
  'post-tagged',
  'skill-responded',
  'review-replied',
  'creator-reached-out',
  'post-moderated',
  'order-update',
  'application-decision',
  'privacy-request',
  'prove-business-buyer',
  'gstin-decision',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/**
 * Messages a person may switch off. Codes, passwords, orders, application and GSTIN decisions
 * are transactional and always sent.
 */
export const notificationTopics = ['answers', 'tags', 'responses', 'questions'] as const;
export type NotificationTopic = (typeof notificationTopics)[number];

/**
 * The channels a seller's order messages go on: both, or one of them. Never none: a seller must
 * hear of a new order, so a choice their account cannot receive on (SMS without a mobile) falls
 * back to every channel it has.
 */
export const orderMessageChannels = ['all', 'email', 'sms'] as const;
export type OrderMessageChannels = (typeof orderMessageChannels)[number];

/** The signed-in person's choices: true means the messages are sent. */
export const notificationPreferencesSchema = z.object({
  answers: z.boolean(),
  tags: z.boolean(),
  responses: z.boolean(),
  /** Left out (clients older than issue 39), the choice stays as it is. */
  questions: z.boolean().optional(),
  /** Left out, the choice stays as it is (older clients send only the topics). */
  orderChannels: z.enum(orderMessageChannels, { error: 'Choose e-mail, SMS or both' }).optional(),
}) satisfies z.ZodType<Partial<Record<NotificationTopic, boolean>>>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = envelope(notificationPreferencesSchema);

/** The one-click unsubscribe link of a message: the token names the person and the topic. */
export const unsubscribeSchema = z.object({
  token: z.string().trim().min(1, 'The link is incomplete').max(300, 'The link is not valid'),
});
export const unsubscribeResponseSchema = envelope(
  z.object({ topic: z.enum(notificationTopics), label: z.string() }),
);
