import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, uploadMediaResponseSchema } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { MediaService } from './media.service.js';
import { NOT_MULTIPART_MESSAGE, readMultipartUpload } from './multipart-upload.js';

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService; tmpDir: string }> = async (
  app,
  { media, tmpDir },
) => {
  await app.register(multipart, {
    // Over-limit files are reported by the service with the limit of their type.
    throwFileSizeLimit: false,
    limits: {
      files: 1,
      fileSize: MAX_UPLOAD_BYTES,
      fields: 5,
      fieldSize: 100,
      fieldNameSize: 100,
      parts: 10,
    },
  });

  app.post(
    '/media/upload',
    {
      schema: {
        tags: ['media'],
        summary:
          'Upload one file (multipart field "file", optional field "type"). Without an account: one image of at most 2 MB; with one: images, MP4/MOV videos and PDFs within a daily budget',
        consumes: ['multipart/form-data'],
        response: { 201: uploadMediaResponseSchema },
      },
      // Visitors' review and applicant images are uploaded before anyone has an account, so the
      // route is open, throttled, and small and image-only for them (media.service.ts).
      config: { rateBudget: 'upload' },
      onRequest: (request, _reply, done) => {
        const multipartRequest = request.headers['content-type']
          ?.toLowerCase()
          .startsWith('multipart/form-data');
        done(multipartRequest ? undefined : new AppError('BAD_REQUEST', NOT_MULTIPART_MESSAGE));
      },
    },
    async (request, reply) => {
      const uploader = { userId: request.user?.id ?? null, ip: request.ip };
      const policy = await media.policyFor(uploader);
      const upload = await readMultipartUpload(request, {
        dir: path.join(tmpDir, 'uploads'),
        limitFor: policy.limitFor,
        maxBytes: policy.maxBytes,
      });
      const data = await media.upload({
        spool: upload.spool,
        originalName: upload.filename,
        hint: upload.hint,
        uploader,
      });
      return reply.status(201).send({ status: 201, message: 'Uploaded', data });
    },
  );
};
