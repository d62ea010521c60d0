import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { orderNumberOf, type OrderView } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { CancelOrderDialog } from './cancel-order-dialog';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { cancelOrderAsBuyer, cancelOrderAsStaff, refundOrder } from '../api/order-actions';
import { RefundDialog } from './refund-dialog';
import './order-money-actions.css';

/** Before dispatch, not cancelled yet, not fully refunded, and not an unpaid order already closed. */
export const cancellable = (o: OrderView) =>
  o.fulfilment === 'NEW' &&
  !o.cancellation &&
  !['REFUNDED', 'REFUND_DUE'].includes(o.paymentState) &&
  !(['CREATED', 'FAILED', 'CANCELLED'].includes(o.paymentState) && o.holdExpiresAt === null);

/** Answers the server's per-field errors for the dialog, or shows its message and answers {}. */
export function fieldErrors(error: unknown, showError: (message?: string) => void): Record<string, string> {
  if (isApiError(error) && Object.keys(error.errors).length > 0) return error.errors;
  showError(isApiError(error) ? error.message : undefined);
  return {};
}

/**
 * "Cancel order" and "Refund" under an order: `staff` for the seller's and the admin's pages (a
 * reason is required, partial refunds), `buyer` for My orders (cancel only).
 */
export function OrderMoneyActions({ order, as }: { order: OrderView; as: 'staff' | 'buyer' }) {
  const [open, setOpen] = useState<'cancel' | 'refund' | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useT('orders');
  const ui = useT('ui').t;
  const label = t('order', { number: orderNumberOf(order._id) });
  const refundable = as === 'staff' && (order.refundablePaise ?? 0) > 0;
  const canCancel = cancellable(order);
  if (!refundable && !canCancel) return null;

  const done = async (message: string) => {
    setOpen(null);
    toast.showSuccess(message);
    await client.invalidateQueries({ queryKey: ['orders'] });
  };

  return (
    <div className="order-list__actions">
      {canCancel ? (
        <Button variant="secondary" onClick={() => setOpen('cancel')}>
          {ui('cancelOrder')}
        </Button>
      ) : null}
      {refundable ? (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          {t('refund')}
        </Button>
      ) : null}
      {open === 'cancel' ? (
        <CancelOrderDialog
          orderLabel={label}
          reasonRequired={as === 'staff'}
          paid={(order.refundablePaise ?? 0) > 0}
          onClose={() => setOpen(null)}
          onCancel={async (reason) => {
            try {
              await (as === 'staff'
                ? cancelOrderAsStaff(order._id, { reason })
                : cancelOrderAsBuyer(order._id, { reason }));
              await done(t('orderCancelled'));
              return undefined;
            } catch (error) {
              return fieldErrors(error, toast.showError);
            }
          }}
        />
      ) : null}
      {open === 'refund' ? (
        <RefundDialog
          orderLabel={label}
          refundablePaise={order.refundablePaise ?? 0}
          onClose={() => setOpen(null)}
          onRefund={async (input) => {
            try {
              await refundOrder(order._id, input);
              await done(t('refundRequested'));
              return undefined;
            } catch (error) {
              return fieldErrors(error, toast.showError);
            }
          }}
        />
      ) : null}
    </div>
  );
}
