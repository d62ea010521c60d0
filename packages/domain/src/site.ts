import { z } from './zod.js';
import { envelope } from './envelope.js';

/** Public company and contact details shown on the marketing and legal pages; set by configuration. */
export const siteSettingsSchema = z.object({
  companyName: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  grievanceOfficer: z.string(),
  grievanceEmail: z.string(),
  registeredAddress: z.string(),
  social: z.object({
    instagram: z.string(),
    facebook: z.string(),
    twitter: z.string(),
    linkedin: z.string(),
  }),
  apps: z.object({ android: z.string(), ios: z.string(), dealerAndroid: z.string() }),
  /** The store locator's map tiles (MAP_TILE_URL); '' draws the map without tiles. */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsResponseSchema = envelope(siteSettingsSchema);
