import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useMyOrders } from '../api/orders-api';
import { OrderList } from '../components/order-list';

export default function MyOrdersPage() {
  const orders = useMyOrders();
  return (
    <div className="page stack">
      <h1>My orders</h1>
      {orders.isPending ? (
        <LoadingState label="Loading your orders…" />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title="No orders yet">
          <Link to={paths.viewStores}>Browse stores</Link>
        </EmptyState>
      ) : (
        <OrderList orders={orders.data} moneyActions="buyer" />
      )}
    </div>
  );
}
