import type { SellerOrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';
import { useCodStep } from '../api/cod-api';

/** Whether the seller has a cash-on-delivery step to take on this order (otherwise the usual ones). */
export function hasCodStep(o: SellerOrderView): boolean {
  if (o.paymentMethod !== 'COD') return false;
  return (
    o.paymentState === 'COD_PENDING' || (o.paymentState === 'COD_ACCEPTED' && o.fulfilment === 'DISPATCHED')
  );
}

/**
 * A cash-on-delivery order's next step for its seller: "Accept order" within the store's window (or it is
 * cancelled and the stock returns), then, once dispatched, "Paid on delivery" when the cash is taken.
 */
export function CodActions({ order, onDone }: { order: SellerOrderView; onDone: () => void }) {
  const step = useCodStep();
  const toast = useToast();
  const { t } = useT('orders');
  const format = useFormat();
  const accept = order.paymentState === 'COD_PENDING';
  const run = async () => {
    try {
      await step.mutateAsync({ orderId: order._id, step: accept ? 'accept' : 'paidOnDelivery' });
      toast.showSuccess(t(accept ? 'orderAccepted' : 'markedPaidOnDelivery'));
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    } finally {
      onDone();
    }
  };
  return (
    <div className="stack">
      {accept ? (
        order.codAcceptBy ? (
          <p className="order-list__meta">{t('codAcceptBy', { time: format.dateTime(order.codAcceptBy) })}</p>
        ) : null
      ) : (
        <p className="order-list__meta">{t('codCollect', { amount: format.rupees(order.amount) })}</p>
      )}
      <div>
        <Button variant="secondary" loading={step.isPending} onClick={() => void run()}>
          {t(accept ? 'acceptOrder' : 'paidOnDelivery')}
        </Button>
      </div>
    </div>
  );
}
