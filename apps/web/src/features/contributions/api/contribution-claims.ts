import { useMutation } from '@tanstack/react-query';
import { confirmedClaimResponseSchema, sentToResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * A review, tag, query or order sent with the contact of an existing account waits for that
 * account's code (issue 20). Every feature that sends one shows the same code form with these calls.
 */
export function useConfirmClaim() {
  return useMutation({
    mutationFn: (body: { _id: string; code: string }) =>
      apiRequest('/contributions/confirm', { method: 'POST', body, schema: confirmedClaimResponseSchema }),
  });
}

export function useResendClaimCode() {
  return useMutation({
    mutationFn: (claimId: string) =>
      apiRequest('/contributions/resendCode', {
        method: 'POST',
        body: { _id: claimId },
        schema: sentToResponseSchema,
      }),
  });
}
