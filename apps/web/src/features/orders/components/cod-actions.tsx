import { COD_ACCEPT_HOURS, type SellerOrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useCodStep } from '../api/cod-api';

const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Whether the seller has a cash-on-delivery step to take on this order (otherwise the usual ones). */
export function hasCodStep(o: SellerOrderView): boolean {
  if (o.paymentMethod !== 'COD') return false;
  return (
    o.paymentState === 'COD_PENDING' || (o.paymentState === 'COD_ACCEPTED' && o.fulfilment === 'DISPATCHED')
  );
}

/**
 * A cash-on-delivery order's next step for its seller: "Accept order" within 48 hours (or it is
 * cancelled and the stock returns), then, once dispatched, "Paid on delivery" when the cash is taken.
 */
export function CodActions({ order, onDone }: { order: SellerOrderView; onDone: () => void }) {
  const step = useCodStep();
  const toast = useToast();
  const accept = order.paymentState === 'COD_PENDING';
  const run = async () => {
    try {
      await step.mutateAsync({ orderId: order._id, step: accept ? 'accept' : 'paidOnDelivery' });
      toast.showSuccess(accept ? 'Order accepted' : 'Marked paid on delivery');
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    } finally {
      onDone();
    }
  };
  return (
    <div className="stack">
      {accept ? (
        <p className="order-list__meta">
          Cash on delivery: accept it by{' '}
          {order.codAcceptBy
            ? dayAndTime(order.codAcceptBy)
            : `${COD_ACCEPT_HOURS} hours after it was placed`}
          , or it is cancelled and the stock returns.
        </p>
      ) : (
        <p className="order-list__meta">
          Collect {`₹${order.amount.toLocaleString('en-IN')}`} in cash at the door.
        </p>
      )}
      <div>
        <Button variant="secondary" loading={step.isPending} onClick={() => void run()}>
          {accept ? 'Accept order' : 'Paid on delivery'}
        </Button>
      </div>
    </div>
  );
}
