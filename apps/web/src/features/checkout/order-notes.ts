import type { Confirmation } from '@app/domain';

// Where the one-time password of a new account went, kept for the thank-you page of that order only.
// sessionStorage: it never leaves this tab and is gone when the tab closes.
const key = (orderId: string) => `order-note:${orderId}`;

export function rememberPasswordNotice(orderId: string, sentTo: string | null) {
  try {
    if (sentTo) window.sessionStorage.setItem(key(orderId), sentTo);
  } catch {
    // Storage can be unavailable (private mode); the notice is then not shown.
  }
}

export function passwordNoticeOf(orderId: string): string | null {
  try {
    return window.sessionStorage.getItem(key(orderId));
  } catch {
    return null;
  }
}

const claimKey = (orderId: string) => `order-claim:${orderId}`;

/** An order made with an existing account's contact: the code form waits on its thank-you page. */
export function rememberOrderClaim(orderId: string, confirmation: Confirmation | undefined) {
  try {
    if (confirmation) window.sessionStorage.setItem(claimKey(orderId), JSON.stringify(confirmation));
  } catch {
    // As above: without storage the code form is not shown; the account holder can still sign in.
  }
}

export function orderClaimOf(orderId: string): Confirmation | null {
  try {
    const stored = window.sessionStorage.getItem(claimKey(orderId));
    return stored ? (JSON.parse(stored) as Confirmation) : null;
  } catch {
    return null;
  }
}
