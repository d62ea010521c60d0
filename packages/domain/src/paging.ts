import { z } from './zod.js';

/** `{page, limit}` as the spec's clients send it; page numbers start at 1 (spec section 9). */
export const paginationSchema = (defaultLimit: number, maxLimit: number) =>
  z
    .object({
      page: z.coerce
        .number()
        .int('Page must be a whole number')
        .min(1, 'Page starts at 1')
        .max(100_000)
        .default(1),
      limit: z.coerce
        .number()
        .int('Limit must be a whole number')
        .min(1, 'Limit must be at least 1')
        .max(maxLimit, `Limit must be at most ${maxLimit}`)
        .default(defaultLimit),
    })
    .default({ page: 1, limit: defaultLimit });

/**
 * An opaque "continue after this row" key. With it a deep page costs what the first page costs;
 * without it the page number is used (an offset), which the spec's clients still send.
 */
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor');
