import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicantContactResponseSchema,
  approveSellerRequestSchema,
  createTeamMemberSchema,
  idSchema,
  messageOnlySchema,
  rejectSellerRequestSchema,
  sellerListResponseSchema,
  setTeamRightsRequestSchema,
  teamListResponseSchema,
  teamMemberResponseSchema,
} from '@app/domain';
import { currentUser } from '../../plugins/auth.js';
import type { AdminService } from './admin.service.js';

/** Seller approval and team accounts. Who may call each route: plugins/route-access.ts. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get(
    '/users/getAllUserShopDetailsWithOutMobileAndEmail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Applicants of every kind and sellers, with what they submitted; never contact data',
        response: { 200: sellerListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      Data: await admin.listApplicants(currentUser(request)),
    }),
  );

  app.get(
    '/admin/applicants/:id/contact',
    {
      schema: {
        tags: ['admin'],
        summary: "One applicant's e-mail and mobile, for the admin deciding about them",
        params: z.object({ id: idSchema }),
        response: { 200: applicantContactResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await admin.applicantContact(currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/users/approveSeller',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve an applicant (brand, retailer or expert); only `_id` is needed',
        body: approveSellerRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await admin.approve(currentUser(request), request.body._id);
      return { status: 200, message: 'Approved Successfully' };
    },
  );

  app.post(
    '/users/rejectSeller',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject an applicant with a reason they see when they log in',
        body: rejectSellerRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await admin.reject(currentUser(request), request.body._id, request.body.reason);
      return { status: 200, message: 'Application rejected' };
    },
  );

  app.get(
    '/admin/team',
    { schema: { tags: ['admin'], summary: 'Team accounts', response: { 200: teamListResponseSchema } } },
    async (request) => ({ status: 200, message: 'OK', Data: await admin.listTeam(currentUser(request)) }),
  );

  app.post(
    '/admin/team',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a team account; the member changes the password at first login',
        body: createTeamMemberSchema,
        response: { 201: teamMemberResponseSchema },
      },
    },
    async (request, reply) => {
      const Data = await admin.addTeamMember(currentUser(request), request.body);
      return reply.status(201).send({ status: 201, message: 'Team member added', Data });
    },
  );

  app.put(
    '/admin/team/:id/rights',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a team member's rights: those listed are granted, the others revoked",
        params: z.object({ id: idSchema }),
        body: setTeamRightsRequestSchema,
        response: { 200: teamMemberResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Rights saved',
      Data: await admin.setTeamRights(currentUser(request), request.params.id, request.body.rights),
    }),
  );

  app.delete(
    '/admin/team/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a team account; its sessions end at once',
        params: z.object({ id: idSchema }),
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await admin.removeTeamMember(currentUser(request), request.params.id);
      return { status: 200, message: 'Team member removed' };
    },
  );
};
