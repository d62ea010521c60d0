import { useMutation, useQuery } from '@tanstack/react-query';
import {
  deletionCheckResponseSchema,
  deletionRequestsResponseSchema,
  deletionResponseSchema,
  messageOnlySchema,
  notificationPreferencesResponseSchema,
  type DeleteAccountRequest,
  type PrivacyCodeDelete,
  type PrivacyCodeExport,
} from '@app/domain';
import { ApiError, apiRequest, authHeaders } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/api-base';

export const privacyKeys = {
  deletionCheck: ['privacy', 'deletion-check'] as const,
  deletionRequests: ['privacy', 'deletion-requests'] as const,
};

/** What must settle before the signed-in account can be deleted. */
export function useDeletionCheck() {
  return useQuery({
    queryKey: privacyKeys.deletionCheck,
    queryFn: ({ signal }) =>
      apiRequest('/privacy/deletionCheck', { schema: deletionCheckResponseSchema, signal }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      apiRequest('/privacy/deleteAccount', { method: 'POST', body, schema: deletionResponseSchema }),
  });
}

export function useSendPrivacyCode() {
  return useMutation({
    mutationFn: (contact: string) =>
      apiRequest('/privacy/code', {
        method: 'POST',
        body: { contact },
        schema: messageOnlySchema,
        token: null,
      }),
  });
}

export function useDeleteByCode() {
  return useMutation({
    mutationFn: (body: PrivacyCodeDelete) =>
      apiRequest('/privacy/code/deleteAccount', {
        method: 'POST',
        body,
        schema: deletionResponseSchema,
        token: null,
      }),
  });
}

/** Withdraws consent to every optional message at once; codes and order messages still go. */
export function useStopOptionalMessages() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/notifications/preferences', {
        method: 'PUT',
        body: { answers: false, tags: false, responses: false, questions: false },
        schema: notificationPreferencesResponseSchema,
      }),
  });
}

export function useDeletionRequests() {
  return useQuery({
    queryKey: privacyKeys.deletionRequests,
    queryFn: ({ signal }) =>
      apiRequest('/admin/deletionRequests', { schema: deletionRequestsResponseSchema, signal }),
  });
}

/**
 * Fetches a data export and saves it as a file, reporting the bytes received as they arrive (the
 * server streams the ZIP, so its full size is not known in advance).
 */
export async function downloadExport(
  request: { kind: 'session' } | { kind: 'code'; body: PrivacyCodeExport },
  onProgress: (bytes: number) => void,
): Promise<number> {
  const response =
    request.kind === 'session'
      ? await fetch(`${API_BASE}/privacy/export`, { headers: authHeaders() })
      : await fetch(`${API_BASE}/privacy/code/export`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request.body),
        });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      errors?: Record<string, string>;
    } | null;
    throw new ApiError({
      status: response.status,
      code: 'EXPORT_FAILED',
      message: body?.message ?? 'The download could not be prepared. Try again.',
      errors: body?.errors,
    });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'revuhub-data.zip';
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received);
    }
  }
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the data to the browser's download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return received;
}
