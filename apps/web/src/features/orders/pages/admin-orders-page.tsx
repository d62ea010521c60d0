import { useState } from 'react';
import { FULFILMENT_STATES, PAYMENT_STATES, type AdminOrdersQuery } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCurrentUser } from '../../../lib/session';
import { useAdminOrders } from '../api/orders-api';
import { FULFILMENT_LABELS, OrderList, PAYMENT_LABELS } from '../components/order-list';

/** Every order, filtered by payment state, delivery state and creation date. */
export default function AdminOrdersPage() {
  const [filter, setFilter] = useState<AdminOrdersQuery>({});
  const orders = useAdminOrders(filter);
  const isAdmin = useCurrentUser()?.profile.role === 'ADMIN';
  const set = (key: keyof AdminOrdersQuery) => (value: string) =>
    setFilter((f) => ({ ...f, [key]: value === '' ? undefined : value }));

  return (
    <div className="page stack">
      <h1>All orders</h1>
      <form className="card order-filters" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Payment"
          value={filter.paymentState ?? ''}
          onChange={(e) => set('paymentState')(e.target.value)}
          placeholder="Any"
          options={PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_LABELS[s] }))}
        />
        <SelectField
          label="Delivery"
          value={filter.fulfilment ?? ''}
          onChange={(e) => set('fulfilment')(e.target.value)}
          placeholder="Any"
          options={FULFILMENT_STATES.map((s) => ({ value: s, label: FULFILMENT_LABELS[s] }))}
        />
        <TextField
          label="From"
          type="date"
          value={filter.from ?? ''}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={filter.to ?? ''}
          onChange={(e) => set('to')(e.target.value)}
        />
      </form>
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title="No orders match" />
      ) : (
        <>
          <p role="status">Showing: {orders.data.length} orders</p>
          {/* Team members with the see-orders right read; only the admin moves money (decision 030). */}
          <OrderList orders={orders.data} moneyActions={isAdmin ? 'staff' : undefined} />
        </>
      )}
    </div>
  );
}
