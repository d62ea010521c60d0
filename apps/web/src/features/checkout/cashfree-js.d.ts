// The package ships no types; only the two calls the checkout page makes are declared.
declare module '@cashfreepayments/cashfree-js' {
  interface CashfreeCheckoutResult {
    error?: { message?: string };
    redirect?: boolean;
  }
  interface Cashfree {
    checkout(options: {
      paymentSessionId: string;
      redirectTarget?: '_self' | '_blank' | '_top';
    }): Promise<CashfreeCheckoutResult>;
  }
  export function load(options: { mode: 'sandbox' | 'production' }): Promise<Cashfree | null>;
}
