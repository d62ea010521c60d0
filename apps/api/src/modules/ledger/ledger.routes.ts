import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  ledgerRatesResponseSchema,
  ledgerRatesSchema,
  LEDGER_MESSAGES,
  payoutAccountsResponseSchema,
  payoutRequestSchema,
  payoutResponseSchema,
  referredOrdersResponseSchema,
  settlementStatementResponseSchema,
} from '@app/domain';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { registerLedgerReactions } from './ledger-reactions.js';
import * as ledger from './ledger.service.js';
import { referredOrders } from '../orders/referrals.js';

/** Seller settlements and referral rewards (decision 033). Who may call each route: plugins/route-access.ts. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  registerLedgerReactions();
  const tags = ['ledger'];

  app.get(
    '/ledger/settlements',
    {
      schema: {
        tags,
        summary: "The signed-in seller's settlement ledger: owed, paid, balance and every row (paise)",
        response: { 200: settlementStatementResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await ledger.getMySettlements(db, currentUser(request)),
    }),
  );

  app.get(
    '/ledger/settlements/csv',
    {
      schema: {
        tags,
        summary:
          "The signed-in seller's settlement ledger as CSV, oldest first, with the balance after each row",
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await ledger.exportMySettlementsCsv(db, currentUser(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="settlements.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/ledger/referrals',
    {
      schema: {
        tags,
        summary:
          'The orders the signed-in account referred, with each reward and its state, and the reward balances',
        description:
          'Any account may refer (decision 055): by the contact number a buyer validates at checkout, or by a ' +
          '/refer?rid= link. Each order shows its number, product, amount and the 2 % reward it carries, earned ' +
          'at delivery and reversed on refund (decision 033); never its buyer, address or contact.',
        response: { 200: referredOrdersResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await referredOrders(db, currentUser(request).id),
    }),
  );

  app.get(
    '/admin/ledger/accounts',
    {
      schema: {
        tags,
        summary: "Every seller's settlement balance and every referrer's reward balance (paise)",
        response: { 200: payoutAccountsResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await ledger.listPayoutAccounts(db, currentUser(request)),
    }),
  );

  app.get(
    '/admin/ledger/accounts/:id/settlements',
    {
      schema: {
        tags,
        summary: "One seller's settlement ledger, for the admin paying them",
        params: idParamsSchema,
        response: { 200: settlementStatementResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await ledger.getSellerSettlements(db, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/admin/ledger/payouts',
    {
      schema: {
        tags,
        summary:
          'Record a bank transfer to a seller (settlement) or a referrer (rewards), with its reference',
        description:
          'Refused with 409 naming `amountPaise` when above the balance, and naming `reference` when the ' +
          'reference is already recorded for the account (a second click books nothing).',
        body: payoutRequestSchema,
        response: { 201: payoutResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await ledger.recordPayout(db, currentUser(request), request.body);
      return reply.status(201).send({ status: 201, message: LEDGER_MESSAGES.payoutRecorded, data });
    },
  );

  app.get(
    '/admin/ledger/rates',
    {
      schema: {
        tags,
        summary: 'Commission, GST TCS (section 52) and income-tax TDS (section 194-O) rates in basis points',
        response: { 200: ledgerRatesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await ledger.getLedgerRates(db, currentUser(request)),
    }),
  );

  app.put(
    '/admin/ledger/rates',
    {
      schema: {
        tags,
        summary: 'Set the rates for sales from now on; refunds take back what their sale was charged',
        body: ledgerRatesSchema,
        response: { 200: ledgerRatesResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: LEDGER_MESSAGES.ratesSaved,
      data: await ledger.setLedgerRates(db, currentUser(request), request.body),
    }),
  );
};
