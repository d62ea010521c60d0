import { z } from './zod.js';
import { envelope } from './envelope.js';
import { idSchema } from './ids.js';
import { loginRequestSchema, newPasswordSchema } from './auth.js';

/** Codes sent to an e-mail or mobile: six digits, valid 10 minutes, five tries. */
export const CONTACT_CODE = { digits: 6, validMinutes: 10, maxTries: 5 } as const;
/** A one-time password stops working after this many days; the owner asks for a reset then. */
export const ONE_TIME_PASSWORD_VALID_DAYS = 7;

export const contactCodeSchema = z
  .string({ message: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const verifyContactRequestSchema = z.object({ _id: idSchema, code: contactCodeSchema });
export type VerifyContactRequest = z.infer<typeof verifyContactRequestSchema>;

export const resendCodeRequestSchema = z.object({ _id: idSchema });

/**
 * From /login, for an applicant who left before entering the code: the account is named by its
 * e-mail or mobile, as at login, because its id would tell anyone who has applied.
 */
export const resumeVerificationRequestSchema = loginRequestSchema.pick({ userName: true });
export type ResumeVerificationRequest = z.infer<typeof resumeVerificationRequestSchema>;
export const verifyContactByLoginRequestSchema = z.object({
  userName: loginRequestSchema.shape.userName,
  code: contactCodeSchema,
});
export type VerifyContactByLoginRequest = z.infer<typeof verifyContactByLoginRequestSchema>;
/** The one answer of sendVerificationCode, whether or not such an application exists. */
export const RESUME_VERIFICATION_ANSWER =
  'If an application with this e-mail or mobile is waiting for its code, we sent a new code there.';

/** Where a code or password went, masked for the screen: "your e-mail a***@example.com". */
export const sentToResponseSchema = envelope(z.object({ sentTo: z.string() }));
export type SentToResponse = z.infer<typeof sentToResponseSchema>;

export const forgotPasswordRequestSchema = loginRequestSchema.pick({ userName: true });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  userName: loginRequestSchema.shape.userName,
  code: contactCodeSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The 403 code a session gets on any other route until its one-time password is changed. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
