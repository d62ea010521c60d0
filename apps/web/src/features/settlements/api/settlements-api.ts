import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ledgerRatesResponseSchema,
  payoutAccountsResponseSchema,
  payoutResponseSchema,
  settlementStatementResponseSchema,
  type LedgerRates,
  type PayoutRequest,
} from '@app/domain';
import { ApiError, apiRequest, authHeaders } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/api-base';

export const ledgerKeys = {
  mine: ['ledger', 'mine'] as const,
  accounts: ['ledger', 'accounts'] as const,
  seller: (id: string) => ['ledger', 'seller', id] as const,
  rates: ['ledger', 'rates'] as const,
};

export function useMySettlements() {
  return useQuery({
    queryKey: ledgerKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest('/ledger/settlements', { schema: settlementStatementResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

export function useSellerSettlements(sellerId: string | null) {
  return useQuery({
    queryKey: ledgerKeys.seller(sellerId ?? ''),
    enabled: sellerId !== null,
    queryFn: ({ signal }) =>
      apiRequest(`/admin/ledger/accounts/${sellerId ?? ''}/settlements`, {
        schema: settlementStatementResponseSchema,
        signal,
      }).then((r) => r.data),
  });
}

export function usePayoutAccounts() {
  return useQuery({
    queryKey: ledgerKeys.accounts,
    queryFn: ({ signal }) =>
      apiRequest('/admin/ledger/accounts', { schema: payoutAccountsResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

export function useRecordPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutRequest) =>
      apiRequest('/admin/ledger/payouts', { method: 'POST', body, schema: payoutResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function useLedgerRates() {
  return useQuery({
    queryKey: ledgerKeys.rates,
    queryFn: ({ signal }) =>
      apiRequest('/admin/ledger/rates', { schema: ledgerRatesResponseSchema, signal }).then((r) => r.data),
  });
}

export function useSaveLedgerRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerRates) =>
      apiRequest('/admin/ledger/rates', { method: 'PUT', body, schema: ledgerRatesResponseSchema }),
    onSuccess: (answer) => client.setQueryData(ledgerKeys.rates, answer.data),
  });
}

/** Downloads the seller's ledger as CSV through an object URL (the token is a header, not a cookie). */
export async function downloadSettlementsCsv(): Promise<void> {
  const response = await fetch(`${API_BASE}/ledger/settlements/csv`, { headers: authHeaders() });
  if (!response.ok)
    throw new ApiError({ status: response.status, code: 'HTTP_ERROR', message: 'The export failed' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'settlements.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
