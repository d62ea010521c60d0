import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { payoutRecordSchema, type RefundPayoutView, type SellerOrderView } from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';
import { useMessageTranslator, withTranslatedMessages } from '../../../lib/i18n/messages';
import { useOrderRefundPayouts, useRecordPayout } from '../api/refund-payouts-api';

/** Whether a cash-on-delivery order has a refund the seller still has to pay out. */
export function hasPayoutToMake(o: SellerOrderView): boolean {
  return (
    o.paymentMethod === 'COD' &&
    (o.refunds ?? []).some((r) => r.method === 'PAYOUT' && r.status === 'PENDING')
  );
}

function RecordPayout({ orderId, refund }: { orderId: string; refund: RefundPayoutView }) {
  const record = useRecordPayout(orderId);
  const toast = useToast();
  const [answer, setAnswer] = useState<string | null>(null);
  const { t } = useT('orders');
  const format = useFormat();
  const translate = useMessageTranslator();
  const form = useForm<{ reference: string }>({
    resolver: withTranslatedMessages(zodResolver(payoutRecordSchema), translate),
    shouldFocusError: false,
    defaultValues: { reference: '' },
  });
  const kit = useFormKit(form);
  const onSubmit = async ({ reference }: { reference: string }) => {
    setAnswer(null);
    try {
      await record.mutateAsync({ refundId: refund.refundId, reference });
      toast.showSuccess(t('refundPaidOut'));
    } catch (error) {
      const message = isApiError(error) ? error.message : t('payoutFailed');
      if (isApiError(error) && error.errors.reference)
        form.setError('reference', { message: error.errors.reference });
      setAnswer(message);
      kit.announceServerAnswer();
    }
  };
  return (
    <KitForm kit={kit} className="stack" onSubmit={kit.onSubmit(onSubmit)}>
      <p>{t('payoutTo', { amount: format.paise(refund.amountPaise), to: refund.payTo ?? '' })}</p>
      <TextField
        label={t('payoutReference')}
        hint={t('payoutReferenceHint')}
        autoComplete="off"
        error={kit.shownError('reference')}
        {...form.register('reference')}
      />
      <FormMessage messageRef={kit.messageRef} tone="error">
        {answer}
      </FormMessage>
      <SubmitButton submitting={record.isPending} submittingLabel={t('recording')}>
        {t('recordPayout')}
      </SubmitButton>
    </KitForm>
  );
}

/**
 * A cash-on-delivery refund the seller pays back (decision 032): waiting for the buyer's UPI id or
 * bank account, then recorded with the payout's reference.
 */
export function CodRefundPayouts({ order }: { order: SellerOrderView }) {
  const payouts = useOrderRefundPayouts(order._id);
  const { t } = useT('orders');
  const format = useFormat();
  const pending = (payouts.data ?? []).filter((r) => r.status === 'PENDING');
  if (pending.length === 0) return null;
  return (
    <div className="stack">
      {pending.map((r) =>
        r.payTo ? (
          <RecordPayout key={r.refundId} orderId={order._id} refund={r} />
        ) : (
          <p key={r.refundId} className="order-list__meta">
            {t('payoutWaiting', { amount: format.paise(r.amountPaise) })}
          </p>
        ),
      )}
    </div>
  );
}
