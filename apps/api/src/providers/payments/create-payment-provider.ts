import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { CASHFREE_URLS, createCashfreeProvider } from './cashfree.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPaymentSimulator, type PaymentSimulator } from './simulator.js';

/** Cashfree when configured, else the embedded simulator (the default, works offline). */
export function createPaymentProvider(config: Config): PaymentProvider | PaymentSimulator {
  const webhookMaxAgeMs = config.PAYMENT_WEBHOOK_MAX_AGE_SECONDS * 1000;
  if (config.PAYMENT_PROVIDER === 'cashfree') {
    return createCashfreeProvider({
      baseUrl: config.CASHFREE_BASE_URL ?? CASHFREE_URLS[config.CASHFREE_ENV],
      clientId: config.CASHFREE_CLIENT_ID ?? '',
      clientSecret: config.CASHFREE_CLIENT_SECRET ?? '',
      apiVersion: config.CASHFREE_API_VERSION,
      webhookMaxAgeMs,
    });
  }
  return createPaymentSimulator({
    // A fresh secret per process unless set: only this process signs and checks simulator webhooks.
    secret: config.PAYMENT_SIMULATOR_SECRET ?? randomBytes(32).toString('hex'),
    webhookMaxAgeMs,
  });
}

export function isSimulator(provider: PaymentProvider): provider is PaymentSimulator {
  return provider.name === 'simulator';
}
