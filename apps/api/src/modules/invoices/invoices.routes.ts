import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderIdParamsSchema,
  sellerTaxDetailsResponseSchema,
  sellerTaxDetailsSchema,
  taxDocumentListResponseSchema,
  taxDocumentParamsSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { downloadTaxDocument, listTaxDocuments, readTaxDetails, saveTaxDetails } from './invoices.service.js';
import { registerTaxDocumentReactions } from './issue-tax-documents.js';

const ACCESS =
  "The order's buyer, its seller, and the admin and team members with the see-orders right; " +
  "without a session, the order id (the order page's link) is the key, as on the order page.";

/** An order's tax invoice or bill of supply and its credit notes (decision 031), and the seller's tax details. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  registerTaxDocumentReactions();
  const tags = ['invoices'];

  app.get(
    '/invoices/:orderId',
    {
      schema: {
        tags,
        summary:
          "An order's tax documents: its invoice (issued at dispatch, or when cash is paid on delivery) and credit notes",
        description: ACCESS,
        params: orderIdParamsSchema,
        response: { 200: taxDocumentListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await listTaxDocuments(db, request.user, request.params.orderId),
    }),
  );

  app.get(
    '/invoices/:orderId/:documentId/pdf',
    {
      schema: {
        tags,
        summary: 'The PDF of one tax document (application/pdf, named by its number)',
        description: `${ACCESS} The PDF is drawn from what was printed when the document was issued.`,
        params: taxDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await downloadTaxDocument(
        db,
        request.user,
        request.params.orderId,
        request.params.documentId,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/taxDetails',
    {
      schema: {
        tags,
        summary: "The seller's legal name, address, state and GSTIN printed on their tax documents",
        response: { 200: sellerTaxDetailsResponseSchema },
      },
    },
    async (request) => ({ status: 200, message: 'OK', data: await readTaxDetails(db, currentUser(request)) }),
  );

  app.put(
    '/taxDetails',
    {
      schema: {
        tags,
        summary: 'The seller sets their tax details; without a GSTIN they issue bills of supply',
        description:
          'The GSTIN is checked for its shape, its check character and that its state code is the chosen state. ' +
          'Documents already issued keep what they printed.',
        body: sellerTaxDetailsSchema,
        response: { 200: sellerTaxDetailsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Tax details saved',
      data: await saveTaxDetails(db, currentUser(request), request.body),
    }),
  );
};
