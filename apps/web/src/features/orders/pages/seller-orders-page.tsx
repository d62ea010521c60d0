import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { orderNumberOf, type SellerOrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
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
import { CodActions, hasCodStep } from '../components/cod-actions';
import { CodRefundPayouts, hasPayoutToMake } from '../components/cod-refund-payouts';

/** The next delivery step and its button's key in the `orders` catalogue. */
const NEXT: Partial<
  Record<SellerOrderView['fulfilment'], { to: 'DISPATCHED' | 'DELIVERED'; label: string }>
> = {
  NEW: { to: 'DISPATCHED', label: 'markDispatched' },
  DISPATCHED: { to: 'DELIVERED', label: 'markDelivered' },
};

/** Orders for the seller's products, newest first, moved through dispatched and delivered. */
export default function SellerOrdersPage() {
  const orders = useSellerOrders();
  const move = useMoveFulfilment();
  const toast = useToast();
  const [moving, setMoving] = useState<string | null>(null);
  const [dispatching, setDispatching] = useState<SellerOrderView | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useT('orders');

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
      {orders.isPending ? (
        <LoadingState label={t('loadingOrders')} />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title={t('noOrdersYet')} />
      ) : (
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
                  aria-haspopup={next.to === 'DISPATCHED' ? 'dialog' : undefined}
                  onClick={() => (next.to === 'DISPATCHED' ? setDispatching(o) : void advance(o, next.to))}
                >
                  {t(next.label)}
                </Button>
              </div>
            ) : null;
          }}
        />
      )}
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
