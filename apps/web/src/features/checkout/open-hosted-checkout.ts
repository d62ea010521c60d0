import type { CfOrder } from '@app/domain';

/**
 * Sends the buyer to the provider's hosted checkout. Cashfree's script is imported here, on demand,
 * so no other page loads it; the simulator's page lives on our own server.
 */
export async function openHostedCheckout(cfOrder: CfOrder): Promise<void> {
  if (cfOrder.provider === 'simulator') {
    window.location.assign(`/pay/simulator/${encodeURIComponent(cfOrder.paymentSessionId)}`);
    return;
  }
  const { load } = await import('@cashfreepayments/cashfree-js');
  const cashfree = await load({ mode: cfOrder.mode });
  if (!cashfree) throw new Error('The payment page could not be loaded');
  const result = await cashfree.checkout({
    paymentSessionId: cfOrder.paymentSessionId,
    redirectTarget: '_self',
  });
  if (result.error) throw new Error(result.error.message ?? 'The payment could not be started');
}
