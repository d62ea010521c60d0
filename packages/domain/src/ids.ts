import { z } from './zod.js';

/** Ids are opaque 24-character hex strings, the shape the existing clients already handle. */
export const ID_PATTERN = /^[a-f0-9]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'Must be a valid id');
export const idParamsSchema = z.object({ id: idSchema });
