import { referralIsCurrent, STORAGE_KEYS, type loginDataSchema } from '@app/domain';
import type { z } from 'zod';

/** The login `data` object kept under `user-data`: id, token and profile. */
export type UserData = z.infer<typeof loginDataSchema>;

/**
 * The referral from /refer with its time (decision 055). Kept apart from the spec's `rid`, which
 * also names a signed-in influencer, and kept at logout: it is the visitor's, for 30 days.
 */
const REFERRAL_KEY = 'referral';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | typeof REFERRAL_KEY;

const CHANGE_EVENT = 'revuhub:storage';

// Storage can throw (private browsing, disabled cookies); the app must still render without it.
function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.error('Could not write local storage', error);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function isUserData(value: unknown): value is UserData {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<UserData>;
  return (
    typeof candidate._id === 'string' &&
    typeof candidate.token === 'string' &&
    typeof candidate.profile === 'object' &&
    candidate.profile !== null &&
    typeof candidate.profile.role === 'string'
  );
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  write(STORAGE_KEYS.token, token);
}

/** The raw stored string; `parseUserData` turns it into a typed value. */
export function getUserDataRaw(): string | null {
  return read(STORAGE_KEYS.userData);
}

// A structural check instead of the zod schema keeps zod out of the landing chunk; the value was
// parsed with loginResponseSchema before it was stored.
export function parseUserData(raw: string | null): UserData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserData(value) ? value : null;
  } catch {
    return null;
  }
}

export function getUserData(): UserData | null {
  return parseUserData(getUserDataRaw());
}

export function setUserData(data: UserData): void {
  write(STORAGE_KEYS.userData, JSON.stringify(data));
}

export function getReferrerId(): string | null {
  return read(STORAGE_KEYS.referrerId);
}

export function setReferrerId(id: string): void {
  write(STORAGE_KEYS.referrerId, id);
}

export interface StoredReferral {
  /** The referrer's account id, as /refer?rid= gave it. */
  rid: string;
  /** When the visitor came through the link (ISO). */
  at: string;
}

/** The referral that still counts (within 30 days of the visit), or null. */
export function getReferral(now = Date.now()): StoredReferral | null {
  const raw = read(REFERRAL_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredReferral> | null;
    if (typeof value?.rid !== 'string' || typeof value.at !== 'string') return null;
    return referralIsCurrent(value.at, now) ? { rid: value.rid, at: value.at } : null;
  } catch {
    return null;
  }
}

/** A new visit through a referral link: the latest link counts, from now. */
export function setReferral(rid: string, at = new Date()): void {
  write(REFERRAL_KEY, JSON.stringify({ rid, at: at.toISOString() }));
}

/** Logout clears every key the app owns, as the spec's clients do (the referral stays, see REFERRAL_KEY). */
export function clearStorage(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
}

/** Notifies on changes from this tab (our own writes) and from other tabs (`storage` event). */
export function subscribeToStorage(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
