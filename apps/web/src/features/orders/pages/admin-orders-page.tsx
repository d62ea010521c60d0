import { useState } from 'react';
import { FULFILMENT_STATES, PAYMENT_STATES, type AdminOrdersQuery } from '@app/domain';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormat, useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useAdminOrders } from '../api/orders-api';
import { fulfilmentWords, OrderList, paymentWords } from '../components/order-list';
import { OrderNumberSearch } from '../components/order-number-search';

/** Every order, filtered by payment state, delivery state and creation date, or found by its number. */
export default function AdminOrdersPage() {
  const [filter, setFilter] = useState<AdminOrdersQuery>({});
  const orders = useAdminOrders(filter);
  const isAdmin = useCurrentUser()?.profile.role === 'ADMIN';
  const { t } = useT('orders');
  const format = useFormat();
  const set = (key: keyof AdminOrdersQuery) => (value: string) =>
    setFilter((f) => ({ ...f, [key]: value === '' ? undefined : value }));

  return (
    <div className="page stack">
      <h1>{t('allOrders')}</h1>
      <form
        className="card order-filters"
        aria-label={t('filterOrders')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label={t('payment')}
          value={filter.paymentState ?? ''}
          onChange={(e) => set('paymentState')(e.target.value)}
          placeholder={t('any')}
          options={PAYMENT_STATES.map((s) => ({ value: s, label: paymentWords(t, s) }))}
        />
        <SelectField
          label={t('delivery')}
          value={filter.fulfilment ?? ''}
          onChange={(e) => set('fulfilment')(e.target.value)}
          placeholder={t('any')}
          options={FULFILMENT_STATES.map((s) => ({ value: s, label: fulfilmentWords(t, s) }))}
        />
        <TextField
          label={t('from')}
          type="date"
          value={filter.from ?? ''}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextField
          label={t('to')}
          type="date"
          value={filter.to ?? ''}
          onChange={(e) => set('to')(e.target.value)}
        />
      </form>
      <div className="card">
        <OrderNumberSearch
          key={filter.number ?? ''}
          value={filter.number ?? ''}
          onSearch={(number) => set('number')(number ?? '')}
        />
      </div>
      {orders.isPending ? (
        <LoadingState label={t('loadingOrders')} />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title={t('noOrdersMatch')} />
      ) : (
        <>
          <p role="status">{t('showing', { count: format.number(orders.data.length) })}</p>
          {/* Team members with the see-orders right read; only the admin moves money (decision 030). */}
          <OrderList orders={orders.data} moneyActions={isAdmin ? 'staff' : undefined} />
        </>
      )}
    </div>
  );
}
