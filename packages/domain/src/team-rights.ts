import { z } from './zod.js';
import type { Role } from './roles.js';
// The texts live apart from the schemas, so the web app's catalogues take them without building any schema.
export { TEAM_RIGHT_LABELS } from './texts/team-rights.js';

/**
 * What the admin may let a team member do (decision 028). The admin holds every right; other roles
 * hold none. The API's authorization table names the right a route needs; menus show only what a
 * person may open.
 */
export const TEAM_RIGHTS = ['approve-sellers', 'moderate', 'see-orders'] as const;
export const teamRightSchema = z.enum(TEAM_RIGHTS);
export type TeamRight = z.infer<typeof teamRightSchema>;

/** A list of rights without repeats, in the order of TEAM_RIGHTS. */
export const teamRightsSchema = z
  .array(teamRightSchema)
  .max(TEAM_RIGHTS.length * 2, 'Too many rights')
  .transform((rights) => TEAM_RIGHTS.filter((right) => rights.includes(right)));

/** The admin sets a member's rights as a whole: checked ones are granted, unchecked ones revoked. */
export const setTeamRightsRequestSchema = z.object({ rights: teamRightsSchema });
export type SetTeamRightsRequest = z.infer<typeof setTeamRightsRequestSchema>;

/**
 * Whether a person holds a right: the admin always, a team member when granted. `rights` may be
 * missing from a session stored before rights existed; it then counts as none.
 */
export function hasTeamRight(
  person: { role: Role; rights?: readonly TeamRight[] | undefined },
  right: TeamRight,
): boolean {
  if (person.role === 'ADMIN') return true;
  return person.role === 'TEAM' && (person.rights ?? []).includes(right);
}

/** The rights a person holds, as the own-account answer gives them. */
export function rightsHeld(role: Role, granted: readonly TeamRight[]): TeamRight[] {
  if (role === 'ADMIN') return [...TEAM_RIGHTS];
  return role === 'TEAM' ? TEAM_RIGHTS.filter((right) => granted.includes(right)) : [];
}
