import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';

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
