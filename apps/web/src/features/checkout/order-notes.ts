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
