import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { mediaTypeSchema, type MediaType } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import { spoolToFile, type Spool } from './upload-spool.js';

export const NOT_MULTIPART_MESSAGE =
  'Send the upload as multipart/form-data with the file in a field named "file"';

export interface MultipartUpload {
  /** The file as written to disk, cut off at its limit when `spool.truncated`. */
  spool: Spool;
  filename: string;
  hint: MediaType | undefined;
}

export interface UploadReadOptions {
  /** Folder for the temporary file. */
  dir: string;
  /** Bytes that may be kept of a file starting with `head`. */
  limitFor: (head: Buffer) => number;
  /** The most any file may be for this caller: the parser stops counting past it. */
  maxBytes: number;
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
export async function readMultipartUpload(
  request: FastifyRequest,
  options: UploadReadOptions,
): Promise<MultipartUpload> {
  let file: { spool: Spool; filename: string } | undefined;
  let hintValue: unknown;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes + 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'type') hintValue = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        await finished(part.file.resume());
        continue;
      }
      const spool = await spoolToFile(part.file, options.dir, options.limitFor);
      if (part.file.truncated) spool.truncated = true;
      file = { spool, filename: part.filename };
    }
    const hint = parseHint(hintValue);
    if (!file) throw new AppError('BAD_REQUEST', 'Choose a file to upload: the form field "file" is missing');
    return { ...file, hint };
  } catch (error) {
    await file?.spool.remove();
    throw toAppError(error);
  }
}
