import { z } from './zod.js';
import { isCommonPassword } from './common-passwords.js';
import { idSchema } from './ids.js';
import { roleSchema } from './roles.js';
import { teamRightSchema } from './team-rights.js';
import { applicantKindOrNullSchema, approvalSchema } from './approvals.js';
import { envelope } from './envelope.js';
import { languageSchema } from './language.js';

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Rule for every password a user chooses (new accounts, password change). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`)
  .refine((p) => !isCommonPassword(p), 'This password is too common, choose another one');

/**
 * Login checks only presence and an upper bound: the policy applies when a password is set,
 * and the bound keeps hashing of absurd inputs off the server.
 */
export const loginRequestSchema = z.object({
  userName: z.string().trim().min(1, 'E-mail is required').max(254, 'E-mail is too long'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_LENGTH.max, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What a signed-in user learns about themself; never another user's contact data. */
export const profileSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  /** The account's own mobile, for its forms' contact fields: only `GET /users/me` sends it. */
  mobile: z.string().nullable().default(null),
  role: roleSchema,
  isActive: z.boolean(),
  isBrand: z.boolean(),
  mustChangePassword: z.boolean(),
  shops: z.array(z.object({ _id: idSchema, name: z.string() })),
  /** What the account applied as; null for the admin and team. Decides the page after login. */
  kind: applicantKindOrNullSchema.default(null),
  // Defaults keep sessions stored before these fields existed readable.
  approval: approvalSchema.default({ status: 'none', reason: '' }),
  /** The admin's rights (all) or a team member's granted ones; empty for everyone else (decision 028). */
  rights: z.array(teamRightSchema).default([]),
  /**
   * The language the person chose (issue 26); the API always sends it. Optional so that sessions
   * stored before it existed stay valid: read a missing one as English.
   */
  language: languageSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginDataSchema = z.object({ _id: idSchema, token: z.string(), profile: profileSchema });
export const loginResponseSchema = envelope(loginDataSchema);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = envelope(profileSchema);

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_LENGTH.max),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
