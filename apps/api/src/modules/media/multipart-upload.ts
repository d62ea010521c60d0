import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { mediaTypeSchema, type MediaType } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { SNIFF_BYTES, uploadLimitFor } from './media-sniff.js';

export const NOT_MULTIPART_MESSAGE =
  'Send the upload as multipart/form-data with the file in a field named "file"';

export interface MultipartUpload {
  /** At most the limit of the file's type; the rest is read and dropped when `truncated`. */
  data: Buffer;
  truncated: boolean;
  filename: string;
  hint: MediaType | undefined;
}

/** Reads a file part, keeping no more than its type's limit in memory once its first bytes are seen. */
async function readFile(stream: AsyncIterable<Buffer> & { truncated: boolean }) {
  const chunks: Buffer[] = [];
  let size = 0;
  let limit: number | null = null;
  let truncated = false;
  for await (const chunk of stream) {
    if (truncated) continue;
    chunks.push(chunk);
    size += chunk.length;
    if (limit === null && size >= SNIFF_BYTES) limit = uploadLimitFor(Buffer.concat(chunks));
    if (limit !== null && size > limit) truncated = true;
  }
  const data = Buffer.concat(chunks);
  return {
    data: truncated ? data.subarray(0, limit ?? data.length) : data,
    truncated: truncated || stream.truncated,
  };
}

function parseHint(value: unknown): MediaType | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = mediaTypeSchema.safeParse(typeof value === 'string' ? value.trim().toUpperCase() : value);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', 'type must be IMAGE, VIDEO or FILE', {
      type: 'Must be IMAGE, VIDEO or FILE',
    });
  }
  return parsed.data;
}

/** Plugin errors of @fastify/multipart and busboy, as messages a person can act on. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('BAD_REQUEST', NOT_MULTIPART_MESSAGE);
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', 'Upload one file per request');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'Too many form fields: send only "file" and "type"');
    default:
      return new AppError('BAD_REQUEST', 'The upload was incomplete or malformed, try again');
  }
}

/** The `file` part and the optional `type` field, in whichever order they arrive. */
export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  let file: { data: Buffer; truncated: boolean; filename: string } | undefined;
  let hintValue: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'type') hintValue = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        await finished(part.file.resume());
        continue;
      }
      file = { ...(await readFile(part.file)), filename: part.filename };
    }
  } catch (error) {
    throw toAppError(error);
  }
  const hint = parseHint(hintValue);
  if (!file) throw new AppError('BAD_REQUEST', 'Choose a file to upload: the form field "file" is missing');
  return { ...file, hint };
}
