import { z } from './zod.js';

/**
 * Every API response is `{status, message, data}` with `status` equal to the HTTP status.
 * The spec's clients read a few calls from `Data` instead; those use `capitalEnvelope`.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

export const capitalEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), Data: data });

/** The one error shape: `errors` maps a field path (e.g. `address.pinCode`) to its message. */
export const errorBodySchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The request's X-Request-Id (the client's own or one generated for it): quote it to support. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageOnlySchema = z.object({ status: z.number().int(), message: z.string() });
