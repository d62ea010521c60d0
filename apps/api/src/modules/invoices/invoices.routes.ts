import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderIdParamsSchema,
  orderKeyHeadersSchema,
  sellerTaxDetailsResponseSchema,
  sellerTaxDetailsSchema,
  taxDocumentListResponseSchema,
  taxDocumentDownloadQuerySchema,
  taxDocumentParamsSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import type { OrderLinks } from '../orders/order-links.js';
import { downloadTaxDocument, listTaxDocuments } from './invoices.service.js';
import { readTaxDetails, saveTaxDetails } from './tax-details.js';
import { downloadToken, downloadTokenOpens } from './download-links.js';
import { registerTaxDocumentReactions } from './issue-tax-documents.js';

const ACCESS =
  "The order's buyer, its seller, and the admin and team members with the see-orders right; " +
  "anyone else only with the order's key, as on the order page: the order id alone is refused (403).";

/** An order's tax invoice or bill of supply and its credit notes (decision 031), and the seller's tax details. */
export const invoicesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  links: OrderLinks;
  /** Signs each listed document's download link (download-links.ts). */
  secret: string;
}> = async (app, { db, links, secret }) => {
  registerTaxDocumentReactions();
  const tags = ['invoices'];
  const keyHeld = async (request: FastifyRequest, orderId: string) =>
    (await links.heldBy(request, request.user, orderId)) !== null;

  app.get(
    '/invoices/:orderId',
    {
      schema: {
        tags,
        summary:
          "An order's tax documents: its invoice (issued at dispatch, or when cash is paid on delivery) and credit notes",
        description: ACCESS,
        params: orderIdParamsSchema,
        headers: orderKeyHeadersSchema,
        response: { 200: taxDocumentListResponseSchema },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const documents = await listTaxDocuments(db, request.user, orderId, await keyHeld(request, orderId));
      return {
        status: 200,
        message: 'OK',
        data: documents.map((d) => ({
          ...d,
          downloadUrl: `/api/invoices/${orderId}/${d._id}/pdf?download=${downloadToken(secret, d._id)}`,
        })),
      };
    },
  );

  app.get(
    '/invoices/:orderId/:documentId/pdf',
    {
      schema: {
        tags,
        summary: 'The PDF of one tax document (application/pdf, named by its number)',
        description:
          `${ACCESS} Or, for a quarter of an hour, with the \`download\` parameter of the document's ` +
          '`downloadUrl` in the list. The PDF is drawn from what was printed when the document was issued.',
        params: taxDocumentParamsSchema,
        querystring: taxDocumentDownloadQuerySchema,
        headers: orderKeyHeadersSchema,
      },
    },
    async (request, reply) => {
      const { orderId, documentId } = request.params;
      const { fileName, pdf } = await downloadTaxDocument(
        db,
        request.user,
        orderId,
        documentId,
        downloadTokenOpens(secret, documentId, request.query.download) || (await keyHeld(request, orderId)),
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
        summary:
          "The seller's legal name, address, state and GSTIN printed on their tax documents, and a GSTIN waiting for approval",
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
          'The GSTIN is checked for its shape, its check character, that its state code is the chosen state and ' +
          'that characters 3 to 12 are the PAN given. A new GSTIN waits for an admin to approve it (decision 069): ' +
          'documents print the approved one meanwhile, or are bills of supply. A GSTIN another seller holds or ' +
          'waits for is refused (409) unless an admin linked the two accounts as one legal entity. ' +
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
