import type { OrderView } from '@app/domain';
import { DocumentLinks } from '../../../components/ui/document-links';
import { useTaxDocumentLinks } from '../api/tax-documents';

/** The order's invoice and credit notes, once it has left the store. */
export function OrderDocuments({ order }: { order: Pick<OrderView, '_id' | 'fulfilment'> }) {
  const links = useTaxDocumentLinks(order._id, { enabled: order.fulfilment !== 'NEW' });
  return links ? <DocumentLinks links={links} /> : null;
}
