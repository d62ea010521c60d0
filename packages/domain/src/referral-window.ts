// Without zod: the web app's storage reads this in the first chunk (decision 055).

/** A referral from /refer counts for orders placed within this many days of the visit. */
export const REFERRAL_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Clocks differ: a referral time up to this far in the future is still taken as now. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Whether a referral made at `referredAt` (ISO time) still counts at `now`: within
 * REFERRAL_WINDOW_DAYS. A referral without a time (the spec's clients send none) counts; a time that
 * cannot be read, or one in the future, does not.
 */
export function referralIsCurrent(referredAt: string | null | undefined, now: number): boolean {
  if (referredAt === undefined || referredAt === null) return true;
  const at = Date.parse(referredAt);
  if (Number.isNaN(at)) return false;
  return at <= now + CLOCK_SKEW_MS && now - at <= REFERRAL_WINDOW_DAYS * DAY_MS;
}
