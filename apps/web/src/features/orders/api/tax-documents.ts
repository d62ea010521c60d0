import { useQuery } from '@tanstack/react-query';
import { taxDocumentListResponseSchema, type TaxDocumentKind } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

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
 * the store have any, so others are not asked about. The list opens with the session (the buyer,
 * the seller, the team) or the order's key in this device's cookie (decision 063); each document
 * then comes with a download link of its own, which the browser follows without either.
 */
export function useTaxDocumentLinks(orderId: string, opts: { enabled: boolean }): DocumentLink[] | undefined {
  const { t } = useT('ui');
  const documents = useQuery({
    queryKey: ['tax-documents', orderId],
    enabled: opts.enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/invoices/${orderId}`, { schema: taxDocumentListResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
  return documents.data?.map((d): DocumentLink => ({
    key: d._id,
    // A link of its own (decision 063): the browser follows it without the session or the order's key.
    href: d.downloadUrl,
    label: t(LABEL_KEYS[d.kind], { number: d.number }),
  }));
}
