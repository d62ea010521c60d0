import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useMyOrders } from '../api/orders-api';
import { OrderList } from '../components/order-list';

/** Paid and not refunded in full: the purchase a review of it is verified by. */
const REVIEWABLE = new Set(['PAID', 'PARTIALLY_REFUNDED', 'REFUND_PENDING']);

export default function MyOrdersPage() {
  const orders = useMyOrders();
  const { t } = useT('orders');
  return (
    <div className="page stack">
      <h1>{t('myOrders')}</h1>
      {orders.isPending ? (
        <LoadingState label={t('loadingYourOrders')} />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title={t('noOrdersYet')}>
          <Link to={paths.viewStores}>{t('browseStores')}</Link>
        </EmptyState>
      ) : (
        <OrderList
          orders={orders.data}
          moneyActions="buyer"
          // A delivered purchase asks for its review (issue 41); its page says if one was written.
          actions={(o) =>
            o.fulfilment === 'DELIVERED' && REVIEWABLE.has(o.paymentState) ? (
              <p>
                <Link className="link-button" to={paths.reviewOrder(o._id)}>
                  {t('rateAndReview')}
                </Link>
              </p>
            ) : null
          }
        />
      )}
    </div>
  );
}
