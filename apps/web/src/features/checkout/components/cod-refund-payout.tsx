import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  payoutDetailsSchema,
  type OrderView,
  type PayoutDetails,
  type PayoutDetailsInput,
  type RefundPayoutView,
} from '@app/domain';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useGivePayoutDetails, useRefundPayouts } from '../api/refund-payouts-api';
import { useFormat, useT } from '../../../lib/i18n';

const FIELDS = ['upiId', 'accountName', 'ifsc', 'accountNumber'] as const;

/** Where the buyer wants one refund paid: a UPI id, or a bank account with its IFSC. */
function PayoutForm({ orderId, refund }: { orderId: string; refund: RefundPayoutView }) {
  const give = useGivePayoutDetails(orderId);
  const { t } = useT('checkout');
  const { rupees } = useFormat();
  const rupeesOf = (paise: number) => rupees(paise / 100);
  const [kind, setKind] = useState<'UPI' | 'BANK'>('UPI');
  const [answer, setAnswer] = useState<string | null>(null);
  const name = useId();
  const form = useForm<PayoutDetailsInput, unknown, PayoutDetails>({
    resolver: zodResolver(payoutDetailsSchema),
    shouldFocusError: false,
    defaultValues: { kind: 'UPI', upiId: '' },
  });
  const kit = useFormKit(form);
  const choose = (next: 'UPI' | 'BANK') => {
    setKind(next);
    form.reset(
      next === 'UPI'
        ? { kind: 'UPI', upiId: '' }
        : { kind: 'BANK', accountName: '', ifsc: '', accountNumber: '' },
    );
  };
  const onSubmit = async (details: PayoutDetails) => {
    setAnswer(null);
    try {
      await give.mutateAsync({ refundId: refund.refundId, details });
    } catch (error) {
      if (isApiError(error)) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) form.setError(field, { type: 'server', message });
        }
        setAnswer(error.message);
      } else {
        setAnswer(t('error'));
      }
      kit.announceServerAnswer();
    }
  };
  return (
    <KitForm kit={kit} className="stack" onSubmit={kit.onSubmit(onSubmit)}>
      <fieldset className="checkout__methods">
        <legend>{t('refundWhere', { amount: rupeesOf(refund.amountPaise) })}</legend>
        <label>
          <input type="radio" name={name} checked={kind === 'UPI'} onChange={() => choose('UPI')} />{' '}
          {t('toUpi')}
        </label>
        <label>
          <input type="radio" name={name} checked={kind === 'BANK'} onChange={() => choose('BANK')} />{' '}
          {t('bankAccount')}
        </label>
      </fieldset>
      {kind === 'UPI' ? (
        <TextField
          label={t('upiId')}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('upiHint')}
          error={kit.shownError('upiId')}
          {...form.register('upiId')}
        />
      ) : (
        <>
          <TextField
            label={t('accountName')}
            autoComplete="name"
            error={kit.shownError('accountName')}
            {...form.register('accountName')}
          />
          <TextField
            label={t('ifsc')}
            autoCapitalize="characters"
            spellCheck={false}
            hint={t('ifscHint')}
            error={kit.shownError('ifsc')}
            {...form.register('ifsc')}
          />
          <TextField
            label={t('accountNumber')}
            inputMode="numeric"
            error={kit.shownError('accountNumber')}
            {...form.register('accountNumber')}
          />
        </>
      )}
      <FormMessage messageRef={kit.messageRef} tone="error">
        {answer}
      </FormMessage>
      <SubmitButton submitting={give.isPending} submittingLabel={t('saving')}>
        {t('sendToSeller')}
      </SubmitButton>
    </KitForm>
  );
}

/**
 * A cash-on-delivery order refunded after delivery (decision 032): the seller pays it back, so the
 * buyer says where, and sees it paid with the seller's reference.
 */
export function CodRefundPayout({ order }: { order: OrderView }) {
  const user = useCurrentUser();
  const { t } = useT('checkout');
  const { rupees } = useFormat();
  const rupeesOf = (paise: number) => rupees(paise / 100);
  const relevant = order.paymentMethod === 'COD' && (order.refunds ?? []).some((r) => r.method === 'PAYOUT');
  const payouts = useRefundPayouts(order._id, relevant && !!user);
  if (!relevant) return null;
  if (!user) return <p role="status">{t('loginForRefund')}</p>;
  if (!payouts.data) return null;
  return (
    <section className="card stack" aria-labelledby="refund-payout">
      <h2 id="refund-payout">{t('yourRefund')}</h2>
      {payouts.data.map((r) =>
        r.status === 'SUCCESS' ? (
          <p key={r.refundId} role="status">
            {t('refundPaid', {
              amount: rupeesOf(r.amountPaise),
              to: r.payTo ?? '',
              reference: r.reference ?? '',
            })}
          </p>
        ) : r.status === 'PENDING' && r.payTo ? (
          <p key={r.refundId} role="status">
            {t('sellerWillPay', { amount: rupeesOf(r.amountPaise), to: r.payTo })}
          </p>
        ) : r.status === 'PENDING' ? (
          <PayoutForm key={r.refundId} orderId={order._id} refund={r} />
        ) : null,
      )}
    </section>
  );
}
