import type { PaymentsContext } from './payments-context.js';
import { upsertPayment } from './payments.repository.js';

/** The provider's payment attempts of an order, kept as it reports them; answers them. */
export async function recordPayments(ctx: PaymentsContext, orderId: string) {
  const attempts = await ctx.provider.getPayments(orderId);
  for (const p of attempts) {
    await upsertPayment(ctx.db, {
      orderId,
      provider: ctx.provider.name,
      cfPaymentId: p.cfPaymentId,
      status: p.status,
      amount: String(p.amount),
    });
  }
  return attempts;
}
