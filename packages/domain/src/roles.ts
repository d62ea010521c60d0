import { z } from './zod.js';

/**
 * ADMIN runs the platform, TEAM members help moderate, SELLER is an approved brand or retailer,
 * USER is a registered seller waiting for approval (spec: "Role USER means an inactive seller"),
 * END_USER is a customer, expert or creator account.
 */
export const ROLES = ['ADMIN', 'TEAM', 'SELLER', 'USER', 'END_USER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
