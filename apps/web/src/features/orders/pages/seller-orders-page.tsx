import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { orderNumberOf, type SellerOrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../lib/routes';
import { useMoveFulfilment, useSellerOrders } from '../api/orders-api';
import { DispatchDialog } from '../components/dispatch-dialog';
import { fieldErrors } from '../components/order-money-actions';
import { OrderList } from '../components/order-list';
import { CodActions, hasCodStep } from '../components/cod-actions';
import { CodRefundPayouts, hasPayoutToMake } from '../components/cod-refund-payouts';

const NEXT: Partial<
  Record<SellerOrderView['fulfilment'], { to: 'DISPATCHED' | 'DELIVERED'; label: string }>
> = {
  NEW: { to: 'DISPATCHED', label: 'Mark dispatched' },
  DISPATCHED: { to: 'DELIVERED', label: 'Mark delivered' },
};

/** Orders for the seller's products, newest first, moved through dispatched and delivered. */
export default function SellerOrdersPage() {
  const orders = useSellerOrders();
  const move = useMoveFulfilment();
  const toast = useToast();
  const [moving, setMoving] = useState<string | null>(null);
  const [dispatching, setDispatching] = useState<SellerOrderView | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Answers the server's per-field errors (for the dispatch dialog), or nothing when done. */
  const advance = async (
    order: SellerOrderView,
    to: 'DISPATCHED' | 'DELIVERED',
    shipment: { courier: string; trackingNumber: string } = { courier: '', trackingNumber: '' },
  ): Promise<Record<string, string> | undefined> => {
    setMoving(order._id);
    try {
      await move.mutateAsync({ orderId: order._id, fulfilment: to, ...shipment });
      toast.showSuccess(to === 'DISPATCHED' ? 'Order dispatched' : 'Order delivered');
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
        Orders for your products
      </h1>
      <p>
        Your own wholesale purchases are under <Link to={paths.myOrders}>My orders</Link>.
      </p>
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState title="No orders yet" />
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
                  {next.label}
                </Button>
              </div>
            ) : null;
          }}
        />
      )}
      {dispatching ? (
        <DispatchDialog
          orderLabel={`Order ${orderNumberOf(dispatching._id)}`}
          onDispatch={(shipment) => advance(dispatching, 'DISPATCHED', shipment)}
          onClose={() => setDispatching(null)}
        />
      ) : null}
    </div>
  );
}
