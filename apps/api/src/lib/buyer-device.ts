import { cookieValue } from './device-cookies.js';
import { randomText } from './ids.js';

/**
 * The browser that places orders (issue 40): a random id in an HttpOnly cookie, so what a buyer
 * holds unpaid is capped per device and a crowd behind one carrier NAT does not share one cap. Its
 * value proves nothing and needs no signature: a client that drops it gets a new one, and the
 * address's own (larger) cap still holds such a client.
 */
export const BUYER_DEVICE_COOKIE = 'buyer_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const WELL_FORMED = /^[A-Za-z0-9_-]{22}$/;

/** The device id this request sent, when well formed; none is made. */
export function sentBuyerDevice(cookieHeader: string | undefined): string | undefined {
  const sent = cookieValue(cookieHeader, BUYER_DEVICE_COOKIE);
  return sent && WELL_FORMED.test(sent) ? sent : undefined;
}

/** This request's device id, or a new one (`isNew`: the answer sets its cookie). */
export function buyerDevice(cookieHeader: string | undefined): { id: string; isNew: boolean } {
  const sent = sentBuyerDevice(cookieHeader);
  if (sent) return { id: sent, isNew: false };
  // From the pool of random bytes (ids.ts): a call into the CSPRNG per id took 3% of the server's
  // time under the order bench, whose clients, like a new visitor, send no cookie.
  return { id: randomText(16, 'base64url'), isNew: true };
}

/** Sent with the API's requests only; unreadable by script; other sites' forms cannot send it. */
export function buyerDeviceCookie(id: string, secure: boolean): string {
  const attributes = ['Path=/api', `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${BUYER_DEVICE_COOKIE}=${id}`, ...attributes].join('; ');
}
