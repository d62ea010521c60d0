import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { orderNumberOf, type OrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { CancelOrderDialog, cancelOrderAsBuyer } from '../../orders';

/** States in which the buyer may still cancel: before dispatch, paid or waiting for payment. */
const CANCELLABLE: ReadonlyArray<OrderView['paymentState']> = [
  'CREATED',
  'FAILED',
  'PAID',
  'NOT_REQUIRED',
  'PARTIALLY_REFUNDED',
];

/** "Cancel order" on the order page, before dispatch (a guest is known by this page's order id). */
export function BuyerCancelOrder({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useT('checkout');
  const unpaidButOpen = order.paymentState !== 'CREATED' && order.paymentState !== 'FAILED';
  const holds = unpaidButOpen || order.holdExpiresAt !== null;
  if (order.fulfilment !== 'NEW' || order.cancellation || !CANCELLABLE.includes(order.paymentState) || !holds)
    return null;
  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('cancelOrder')}
      </Button>
      {open ? (
        <CancelOrderDialog
          orderLabel={t('orderNumber', { number: orderNumberOf(order._id) })}
          reasonRequired={false}
          paid={(order.refundablePaise ?? 0) > 0}
          onClose={() => setOpen(false)}
          onCancel={async (reason) => {
            try {
              await cancelOrderAsBuyer(order._id, { reason });
              setOpen(false);
              toast.showSuccess(t('orderCancelled'));
              await client.invalidateQueries();
              return undefined;
            } catch (error) {
              if (isApiError(error) && Object.keys(error.errors).length > 0) return error.errors;
              toast.showError(isApiError(error) ? error.message : undefined);
              return {};
            }
          }}
        />
      ) : null}
    </div>
  );
}
