import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies: a browser that has logged in to an account carries a signed note saying
 * so, and its next logins to that account skip the delays its address has earned (lib/login-throttle.ts).
 * The note is `accountId.deviceId.issuedAt.mac`, an HMAC-SHA256 under a server secret: it cannot be
 * forged or moved to another account, and nothing about it is stored.
 */
export const DEVICE_COOKIE = 'device';
/** Sent to the login route only: no other request needs it. */
const COOKIE_PATH = '/api/users/login';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface DeviceCookies {
  /** The cookie value for this account: the same device id as the browser's current one, if valid. */
  issue(accountId: string, current?: string): string;
  /** The device id of `value` when it is a valid cookie of this very account. */
  deviceOf(value: string | undefined, accountId: string): string | undefined;
}

export function createDeviceCookies(secret: string, now: () => number = Date.now): DeviceCookies {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  function deviceOf(value: string | undefined, accountId: string) {
    if (!value || value.length > 200) return undefined;
    const [account, device, issuedAt, signature, ...rest] = value.split('.');
    if (rest.length > 0 || account !== accountId || !device || !issuedAt || !signature) return undefined;
    const expected = Buffer.from(mac(`${account}.${device}.${issuedAt}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const age = now() / 1000 - Number(issuedAt);
    return age >= -60 && age < MAX_AGE_SECONDS ? device : undefined;
  }

  return {
    deviceOf,
    issue(accountId, current) {
      const device = deviceOf(current, accountId) ?? randomBytes(16).toString('base64url');
      const payload = `${accountId}.${device}.${Math.floor(now() / 1000)}`;
      return `${payload}.${mac(payload)}`;
    },
  };
}

/** The Set-Cookie header: script cannot read it, other sites cannot send it, https keeps it on https. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const attributes = [`Path=${COOKIE_PATH}`, `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return [`${DEVICE_COOKIE}=${value}`, ...attributes].join('; ');
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * DEVICE_COOKIE_SECRET when set; otherwise one generated on the first start and kept in DATA_DIR,
 * so cookies outlive restarts and every process on this machine signs alike. The file is linked
 * into place whole, so a process starting at the same moment never reads it half written. Where
 * DATA_DIR cannot be written, a secret for this process only: its cookies end with it, and the
 * browsers are then throttled by address like any other, nothing worse.
 */
export function deviceCookieSecret(
  config: { DEVICE_COOKIE_SECRET?: string | undefined; dataDir: string },
  log: { warn: (message: string) => void },
): string {
  if (config.DEVICE_COOKIE_SECRET) return config.DEVICE_COOKIE_SECRET;
  const file = path.join(config.dataDir, 'device-cookie-secret');
  try {
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
      try {
        fs.linkSync(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        fs.rmSync(draft, { force: true });
      }
    }
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    log.warn(`Device cookies signed with a secret of this process only: ${file}: ${String(error)}`);
    return randomBytes(32).toString('hex');
  }
}
