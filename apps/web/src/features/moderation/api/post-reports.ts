import { useMutation } from '@tanstack/react-query';
import { reportPostResponseSchema, type ReportPostInput } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** "Report this post": anyone may send one; the server caps them per address and account. */
export function useReportPost() {
  return useMutation({
    mutationFn: (body: ReportPostInput) =>
      apiRequest('/posts/report', { method: 'POST', body, schema: reportPostResponseSchema }),
  });
}
