import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsResponseSchema, type SiteSettings } from '@app/domain';
import type { Config } from '../../config.js';

export function siteSettingsFrom(config: Config): SiteSettings {
  return {
    companyName: config.COMPANY_NAME,
    supportPhone: config.SUPPORT_PHONE,
    supportEmail: config.SUPPORT_EMAIL,
    grievanceOfficer: config.GRIEVANCE_OFFICER,
    grievanceEmail: config.GRIEVANCE_EMAIL,
    registeredAddress: config.REGISTERED_ADDRESS,
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      twitter: config.SOCIAL_TWITTER_URL,
      linkedin: config.SOCIAL_LINKEDIN_URL,
    },
    apps: { android: config.APP_ANDROID_URL, ios: config.APP_IOS_URL, dealerAndroid: config.DEALER_APP_URL },
    map: { tileUrl: config.MAP_TILE_URL ?? '', attribution: config.MAP_TILE_ATTRIBUTION },
  };
}

export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Fixed for the life of the process: one answer object, serialized once (plugins/http-cache.ts),
  // returned without a promise (the handler is not async).
  const answer = { status: 200, message: 'OK', data: siteSettingsFrom(config) };
  app.get(
    '/site/settings',
    {
      config: { httpCache: { maxAge: 300 } },
      schema: {
        tags: ['site'],
        summary: 'Public company and contact details for the marketing and legal pages',
        response: { 200: siteSettingsResponseSchema },
      },
    },
    () => answer,
  );
};
