import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  messageOnlySchema,
  sentToResponseSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type ResumeVerificationRequest,
  type VerifyContactByLoginRequest,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      // A stale token from an earlier session must not ride along with a new login.
      apiRequest('/users/login', { method: 'POST', body, schema: loginResponseSchema, token: null }),
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest('/users/changePassword', { method: 'POST', body, schema: messageOnlySchema }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest('/users/forgotPassword', { method: 'POST', body, schema: messageOnlySchema, token: null }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest('/users/resetPassword', { method: 'POST', body, schema: messageOnlySchema, token: null }),
  });
}

/** A new code for an application that never entered its code; the same answer either way. */
export function useSendVerificationCodeMutation() {
  return useMutation({
    mutationFn: (body: ResumeVerificationRequest) =>
      apiRequest('/users/sendVerificationCode', {
        method: 'POST',
        body,
        schema: messageOnlySchema,
        token: null,
      }),
  });
}

export function useVerifyContactByLoginMutation() {
  return useMutation({
    mutationFn: (body: VerifyContactByLoginRequest) =>
      apiRequest('/users/verifyContactByLogin', {
        method: 'POST',
        body,
        schema: sentToResponseSchema,
        token: null,
      }),
  });
}
