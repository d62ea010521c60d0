import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  messageOnlySchema,
  type ChangePasswordRequest,
  type LoginRequest,
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
