import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, uploadMediaResponseSchema } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { MediaService } from './media.service.js';
import { NOT_MULTIPART_MESSAGE, readMultipartUpload } from './multipart-upload.js';

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
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
        summary: 'Upload one image, video or PDF (multipart field "file", optional field "type")',
        consumes: ['multipart/form-data'],
        response: { 201: uploadMediaResponseSchema },
      },
      // Applicant forms upload before anyone has an account, so the route is open but throttled.
      config: { rateBudget: 'upload' },
      onRequest: (request, _reply, done) => {
        const multipartRequest = request.headers['content-type']
          ?.toLowerCase()
          .startsWith('multipart/form-data');
        done(multipartRequest ? undefined : new AppError('BAD_REQUEST', NOT_MULTIPART_MESSAGE));
      },
    },
    async (request, reply) => {
      const upload = await readMultipartUpload(request);
      const data = await media.upload({
        data: upload.data,
        truncated: upload.truncated,
        originalName: upload.filename,
        hint: upload.hint,
        uploadedBy: request.user?.id ?? null,
      });
      return reply.status(201).send({ status: 201, message: 'Uploaded', data });
    },
  );
};
