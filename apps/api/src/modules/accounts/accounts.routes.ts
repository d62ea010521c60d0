import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  sentToResponseSchema,
  verifyContactRequestSchema,
  verifyContactByLoginRequestSchema,
  resumeVerificationRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageOnlySchema,
  preferencesRequestSchema,
} from '@app/domain';
import { cookieValue, DEVICE_COOKIE, deviceCookieHeader } from '../../lib/device-cookies.js';
import { currentUser } from '../../plugins/auth.js';
import type { AccountsService } from './accounts.service.js';

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/users/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with e-mail (or mobile) and password',
        description:
          'Sets the HttpOnly `device` cookie (path /api/users/login): a later login to the same account ' +
          "that carries it skips the delays its address has earned by other people's failures.",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { session, deviceCookie } = await accounts.login(request.body, {
        ip: request.ip,
        deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE),
      });
      // Clients that keep no cookies (the apps, scripts) log in as before, throttled by address.
      reply.header('set-cookie', deviceCookieHeader(deviceCookie, request.protocol === 'https'));
      return { status: 200, message: 'Logged in', data: session };
    },
  );

  app.post(
    '/users/logout',
    {
      schema: { tags: ['accounts'], summary: 'End this session', response: { 200: messageOnlySchema } },
    },
    async (request) => {
      await accounts.logout(currentUser(request));
      return { status: 200, message: 'Logged out' };
    },
  );

  app.get(
    '/users/me',
    {
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: meResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'OK', data: await accounts.me(currentUser(request)) }),
  );

  app.patch(
    '/users/me/preferences',
    {
      schema: {
        tags: ['accounts'],
        summary: "Save the signed-in user's language (English or Hindi) for messages to them",
        description:
          'The API then answers this account in the language without an `Accept-Language` header, and ' +
          'its e-mails and SMS are written in it. Answers the profile, as `GET /api/users/me` does.',
        body: preferencesRequestSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Preferences saved',
      data: await accounts.savePreferences(currentUser(request), request.body),
    }),
  );

  app.post(
    '/users/changePassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (required after a one-time password)',
        body: changePasswordRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await accounts.changePassword(currentUser(request), request.body, request.ip);
      return { status: 200, message: 'Password changed' };
    },
  );

  // Anonymous and each may send a message: the registration budget per address applies.
  app.post(
    '/users/verifyContact',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the e-mail or mobile with the 6-digit code; the one-time password is sent there',
        body: verifyContactRequestSchema,
        response: { 200: sentToResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Contact verified',
      data: await accounts.verifyContact(request.body),
    }),
  );

  app.post(
    '/users/resendVerificationCode',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification code to a registrant',
        body: resendCodeRequestSchema,
        response: { 200: sentToResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Code sent',
      data: await accounts.resendContactCode(request.body._id),
    }),
  );

  // From /login, for an applicant who closed the tab before entering the code (decision 021).
  app.post(
    '/users/sendVerificationCode',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary:
          'Send a new verification code to an application that never entered its code; the same answer whether or not one exists',
        body: resumeVerificationRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => ({ status: 200, message: await accounts.resumeVerification(request.body) }),
  );

  app.post(
    '/users/verifyContactByLogin',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary:
          'Confirm the e-mail or mobile with the 6-digit code, naming the account by e-mail or mobile; the one-time password is sent there',
        body: verifyContactByLoginRequestSchema,
        response: { 200: sentToResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Contact verified',
      data: await accounts.verifyContactByLogin(request.body),
    }),
  );

  app.post(
    '/users/forgotPassword',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary: 'Send a password reset code to the verified contact of an account',
        body: forgotPasswordRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => ({ status: 200, message: await accounts.forgotPassword(request.body) }),
  );

  app.post(
    '/users/resetPassword',
    {
      config: { rateBudget: 'registration' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the reset code; every session of the account ends',
        body: resetPasswordRequestSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { status: 200, message: 'Password changed. Log in with your new password.' };
    },
  );
};
