import { useQuery } from '@tanstack/react-query';
import { taxDocumentListResponseSchema, type TaxDocumentKind } from '@app/domain';
import { apiRequest } from './api-client';
import { API_BASE } from './api-base';
import { useT } from './i18n';

/** Each kind's link text in the `ui` catalogue ("Download invoice {number}"). */
const LABEL_KEYS: Readonly<Record<TaxDocumentKind, string>> = {
  TAX_INVOICE: 'downloadInvoice',
  // A bill of supply is the invoice of a seller not registered for GST.
  BILL_OF_SUPPLY: 'downloadInvoice',
  CREDIT_NOTE: 'downloadCreditNote',
};

export interface DocumentLink {
  key: string;
  href: string;
  label: string;
}

/**
 * An order's tax invoice and credit notes as download links (decision 031). Only orders that left
 * the store have any, so others are not asked about. `asVisitor`: the order page of a guest, whose
 * key is the order id itself, asks without the session (a signed-in stranger's session would be refused).
 */
export function useTaxDocumentLinks(
  orderId: string,
  opts: { enabled: boolean; asVisitor?: boolean },
): DocumentLink[] | undefined {
  const { t } = useT('ui');
  const documents = useQuery({
    queryKey: ['tax-documents', orderId, opts.asVisitor ? 'visitor' : 'session'],
    enabled: opts.enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/invoices/${orderId}`, {
        schema: taxDocumentListResponseSchema,
        signal,
        ...(opts.asVisitor ? { token: null } : {}),
      }).then((r) => r.data),
  });
  return documents.data?.map((d): DocumentLink => ({
    key: d._id,
    href: `${API_BASE}/invoices/${orderId}/${d._id}/pdf`,
    label: t(LABEL_KEYS[d.kind], { number: d.number }),
  }));
}
