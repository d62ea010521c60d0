import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useMyOrders } from '../api/orders-api';
import { OrderList } from '../components/order-list';

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
        <OrderList orders={orders.data} moneyActions="buyer" />
      )}
    </div>
  );
}
