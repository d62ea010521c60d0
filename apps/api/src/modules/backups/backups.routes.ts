import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupCreatedSchema } from '@app/domain';
import { createBackup, type BackupContext } from './backups.service.js';

/** The admin's backup of the database and uploads (decisions 039, 050). Access: route-access.ts. */
export const backupsRoutes: FastifyPluginAsyncZod<{ ctx: BackupContext }> = async (app, { ctx }) => {
  app.post(
    '/admin/backups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Write a backup archive of the database and the uploads (admin)',
        description:
          'Writes DATA_DIR/backups/revuhub-backup-<time>.tar.gz on the server and answers its path: ' +
          'every table copied in one snapshot while the server keeps serving, and the uploads on ' +
          'local disk. The same on the embedded PostgreSQL and on an outside one; ' +
          '`npm run restore` loads it into either (docs/operations.md).',
        response: { 201: backupCreatedSchema },
      },
    },
    async (_request, reply) => {
      const backup = await createBackup(ctx);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ status: 201, message: 'Backup written', data: backup });
    },
  );
};
