import type { OrderView } from '@app/domain';
import { DocumentLinks } from '../../../components/ui/document-links';
import { useTaxDocumentLinks } from '../../../lib/tax-documents';

/** On the buyer's order page: its invoice and credit notes, by the order link's own key. */
export function OrderPageDocuments({ order }: { order: Pick<OrderView, '_id' | 'fulfilment'> }) {
  const links = useTaxDocumentLinks(order._id, { enabled: order.fulfilment !== 'NEW' });
  return links ? <DocumentLinks links={links} /> : null;
}
