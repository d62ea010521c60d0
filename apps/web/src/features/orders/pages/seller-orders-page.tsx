import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  orderNumberOf,
  orderNumberSearchSchema,
  SELLER_ORDER_STATES,
  type SellerOrdersQuery,
  type SellerOrderState,
  type SellerOrderView,
} from '@app/domain';
import { useAlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { richText } from '../../../components/ui/rich-text';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useMoveFulfilment, useSellerOrders } from '../api/orders-api';
import { DispatchDialog } from '../components/dispatch-dialog';
import { fieldErrors } from '../components/order-money-actions';
import { OrderList } from '../components/order-list';
import { OrderNumberSearch } from '../components/order-number-search';
import { CodActions, hasCodStep } from '../components/cod-actions';
import { CodRefundPayouts, hasPayoutToMake } from '../components/cod-refund-payouts';

/** The next delivery step and its button's key in the `orders` catalogue. */
const NEXT: Partial<
  Record<SellerOrderView['fulfilment'], { to: 'DISPATCHED' | 'DELIVERED'; label: string }>
> = {
  NEW: { to: 'DISPATCHED', label: 'markDispatched' },
  DISPATCHED: { to: 'DELIVERED', label: 'markDelivered' },
};

/** The list's filter as the address bar holds it (`?state=to-dispatch&number=RH-…`); anything else is ignored. */
function filterOf(params: URLSearchParams): SellerOrdersQuery {
  const state = params.get('state');
  const number = orderNumberSearchSchema.safeParse(params.get('number') ?? '');
  return {
    ...(SELLER_ORDER_STATES.includes(state as SellerOrderState) ? { state: state as SellerOrderState } : {}),
    ...(number.success ? { number: number.data } : {}),
  };
}

/** Orders for the seller's products, newest first, moved through dispatched and delivered. */
export default function SellerOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const filtered = Boolean(filter.state ?? filter.number);
  const orders = useSellerOrders(filter);
  const move = useMoveFulfilment();
  const toast = useToast();
  const dialogs = useAlertDialog();
  const [moving, setMoving] = useState<string | null>(null);
  const [dispatching, setDispatching] = useState<SellerOrderView | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useT('orders');
  const places = useT('addresses').t;

  const setFilter = (key: keyof SellerOrdersQuery, value: string | undefined) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  /** Delivered is the last step and cannot be taken back: the seller says so once more. */
  const confirmDelivered = async (order: SellerOrderView) => {
    const confirmed = await dialogs.confirm(
      <p>
        {t('confirmDelivered', {
          order: orderNumberOf(order._id),
          product: order.productName,
          name: `${order.address.firstName} ${order.address.lastName}`.trim(),
        })}
      </p>,
      { title: t('confirmDeliveredTitle'), confirmLabel: t('markDelivered'), cancelLabel: t('notYet') },
    );
    if (confirmed) await advance(order, 'DELIVERED');
  };

  /** Answers the server's per-field errors (for the dispatch dialog), or nothing when done. */
  const advance = async (
    order: SellerOrderView,
    to: 'DISPATCHED' | 'DELIVERED',
    shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
  ): Promise<Record<string, string> | undefined> => {
    setMoving(order._id);
    try {
      await move.mutateAsync({ orderId: order._id, fulfilment: to, ...shipment });
      toast.showSuccess(t(to === 'DISPATCHED' ? 'orderDispatched' : 'orderDelivered'));
      setDispatching(null);
      headingRef.current?.focus();
      return undefined;
    } catch (error) {
      return fieldErrors(error, toast.showError);
    } finally {
      setMoving(null);
    }
  };

  return (
    <div className="page stack">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('sellerTitle')}
      </h1>
      <p>
        {richText((values) => t('ownPurchases', values), {
          link: <Link to={paths.myOrders}>{t('myOrders')}</Link>,
        })}
      </p>
      <div className="card order-toolbar">
        <SelectField
          label={t('show')}
          name="state"
          value={filter.state ?? ''}
          onChange={(e) => setFilter('state', e.target.value)}
          placeholder={t('allStates')}
          options={SELLER_ORDER_STATES.map((s) => ({ value: s, label: t(`state_${s}`) }))}
        />
        <OrderNumberSearch
          key={filter.number ?? ''}
          value={filter.number ?? ''}
          onSearch={(number) => setFilter('number', number)}
        />
      </div>
      {orders.isPending ? (
        <LoadingState label={t('loadingOrders')} />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title={filtered ? t('noOrdersMatch') : t('noOrdersYet')} />
      ) : (
        <>
          {filtered ? <p role="status">{t('showingOrders', { count: orders.data.length })}</p> : null}
          <OrderList
            orders={orders.data}
            moneyActions="staff"
            actions={(o) => {
              // Cash on delivery: accept, then (dispatched) "Paid on delivery" (decision 032).
              if (hasPayoutToMake(o)) return <CodRefundPayouts order={o} />;
              if (hasCodStep(o)) return <CodActions order={o} onDone={() => headingRef.current?.focus()} />;
              const next = NEXT[o.fulfilment];
              const payable =
                o.paymentState === 'PAID' ||
                o.paymentState === 'NOT_REQUIRED' ||
                o.paymentState === 'COD_ACCEPTED' ||
                // A partly refunded order still goes out (decision 030).
                o.paymentState === 'PARTIALLY_REFUNDED';
              return next && payable && !o.cancellation ? (
                <div>
                  <Button
                    variant="secondary"
                    loading={moving === o._id}
                    // Placed without a delivery address (decision 051): it goes out once the buyer gives one.
                    disabledReason={
                      next.to === 'DISPATCHED' && o.addressNeeded ? places('addressNeededHint') : null
                    }
                    aria-haspopup="dialog"
                    onClick={() => (next.to === 'DISPATCHED' ? setDispatching(o) : void confirmDelivered(o))}
                  >
                    {t(next.label)}
                  </Button>
                </div>
              ) : null;
            }}
          />
        </>
      )}
      {dialogs.dialog}
      {dispatching ? (
        <DispatchDialog
          orderLabel={t('order', { number: orderNumberOf(dispatching._id) })}
          onDispatch={(shipment) => advance(dispatching, 'DISPATCHED', shipment)}
          onClose={() => setDispatching(null)}
        />
      ) : null}
    </div>
  );
}
