import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cookieValue,
  createDeviceCookies,
  deviceCookieHeader,
  deviceCookieSecret,
} from './device-cookies.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cookies-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const quiet = { warn: () => {} };

describe('device cookies', () => {
  it('are valid for their account only, until they are half a year old', () => {
    let now = 1_700_000_000_000;
    const cookies = createDeviceCookies('s'.repeat(64), () => now);
    const value = cookies.issue('aaaaaaaaaaaaaaaaaaaaaaaa');
    const device = cookies.deviceOf(value, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookies.deviceOf(value, 'bbbbbbbbbbbbbbbbbbbbbbbb')).toBeUndefined();
    expect(
      cookies.deviceOf(value.replace(device!, 'x'.repeat(22)), 'aaaaaaaaaaaaaaaaaaaaaaaa'),
    ).toBeUndefined();
    expect(createDeviceCookies('t'.repeat(64)).deviceOf(value, 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined();
    now += 179 * 24 * 3600 * 1000;
    expect(cookies.deviceOf(value, 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBe(device);
    now += 2 * 24 * 3600 * 1000;
    expect(cookies.deviceOf(value, 'aaaaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined();
  });

  it('are signed with DEVICE_COOKIE_SECRET, or with one kept in DATA_DIR across restarts', () => {
    expect(deviceCookieSecret({ DEVICE_COOKIE_SECRET: 'k'.repeat(40), dataDir }, quiet)).toBe('k'.repeat(40));
    const first = deviceCookieSecret({ dataDir }, quiet);
    expect(first).toMatch(/^[a-f0-9]{64}$/);
    expect(deviceCookieSecret({ dataDir }, quiet)).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'device-cookie-secret')).mode & 0o077).toBe(0);
    expect(fs.readdirSync(dataDir)).toEqual(['device-cookie-secret']);
  });

  it('are marked Secure when the login came over https', () => {
    expect(deviceCookieHeader('v', true)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    expect(deviceCookieHeader('v', false)).not.toMatch(/Secure/);
  });

  it('are read from a Cookie header among others', () => {
    expect(cookieValue('theme=dark; device=abc.def; x=1', 'device')).toBe('abc.def');
    expect(cookieValue('mydevice=abc', 'device')).toBeUndefined();
    expect(cookieValue(undefined, 'device')).toBeUndefined();
  });
});
