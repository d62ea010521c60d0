import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressIdParamsSchema,
  messageOnlySchema,
  savedAddressListResponseSchema,
  savedAddressRequestSchema,
  savedAddressResponseSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as addresses from './addresses.service.js';

/** The signed-in account's address book (issue 38, decision 051): its own addresses only. */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['accounts'];

  app.get(
    '/users/me/addresses',
    {
      schema: {
        tags,
        summary: "The signed-in account's delivery addresses, the default first",
        response: { 200: savedAddressListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await addresses.listAddresses(db, currentUser(request)),
    }),
  );

  app.post(
    '/users/me/addresses',
    {
      schema: {
        tags,
        summary: 'Save a delivery address (the first one, or one sent with `isDefault`, is the default)',
        description:
          "The checkout's address fields and rules, without the e-mail (the account's). Checkout pre-fills " +
          'the default address, and an order from a client that sends the spec\'s "NA" and pincode 100000 ships to it.',
        body: savedAddressRequestSchema,
        response: { 201: savedAddressResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 201,
        message: 'Address saved',
        data: await addresses.addAddress(db, currentUser(request), request.body),
      }),
  );

  app.put(
    '/users/me/addresses/:addressId',
    {
      schema: {
        tags,
        summary: 'Change one of your addresses (`isDefault: true` also makes it the default)',
        params: addressIdParamsSchema,
        body: savedAddressRequestSchema,
        response: { 200: savedAddressResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Address saved',
      data: await addresses.editAddress(db, currentUser(request), request.params.addressId, request.body),
    }),
  );

  app.delete(
    '/users/me/addresses/:addressId',
    {
      schema: {
        tags,
        summary: 'Delete one of your addresses; when it was the default, the newest other one becomes it',
        params: addressIdParamsSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await addresses.deleteAddress(db, currentUser(request), request.params.addressId);
      return { status: 200, message: 'Address deleted' };
    },
  );

  app.post(
    '/users/me/addresses/:addressId/default',
    {
      schema: {
        tags,
        summary: 'Make one of your addresses the default; answers the list',
        params: addressIdParamsSchema,
        response: { 200: savedAddressListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Default address changed',
      data: await addresses.makeDefaultAddress(db, currentUser(request), request.params.addressId),
    }),
  );
};
