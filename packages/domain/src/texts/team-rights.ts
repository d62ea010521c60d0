// Texts of `team-rights.ts` the web app's language catalogues show. Kept apart from the module's
// zod schemas: importing them builds no schema (apps/web loads them on every page).
import type { TeamRight } from '../team-rights.js';

/** How the admin's team page and the menus name each right. */
export const TEAM_RIGHT_LABELS: Readonly<Record<TeamRight, string>> = {
  'approve-sellers': 'Approve sellers',
  moderate: 'Moderate reviews',
  'see-orders': 'See orders',
};
