import { useQuery } from '@tanstack/react-query';
import { outboxResponseSchema } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export function useOutbox(to: string) {
  return useQuery({
    queryKey: ['outbox', to],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, {
        schema: outboxResponseSchema,
        signal,
      }),
  });
}
