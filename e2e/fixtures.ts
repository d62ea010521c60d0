import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './server';

export { expect };

/** The admin the e2e server was started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const adminCredentials = E2E_ADMIN;

/** Where the server under test listens; set by global setup (or by hand to reuse a running server). */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/** Logs in through the API and returns the token for the `Authorization` header (sent raw). */
export async function apiLogin(api: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await api.post('/api/users/login', { data: { userName: email, password } });
  expect(res.status(), `login as ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/** Opens a login page, fills it in like a user and submits it. */
export async function loginThroughPage(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  purpose: string;
}

/**
 * What the embedded messaging provider holds for one e-mail or mobile, newest first, read as the
 * admin through GET /api/admin/outbox: what the person would have received.
 */
export async function outboxFor(api: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const token = await apiLogin(api, adminCredentials.email, adminCredentials.password);
  const res = await api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, {
    headers: { Authorization: token },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

/** The newest 6-digit code sent to a contact. */
export async function codeFromOutbox(api: APIRequestContext, to: string): Promise<string> {
  for (const m of await outboxFor(api, to)) {
    const code = /\b(\d{6})\b/.exec(m.text)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the outbox for ${to}`);
}

/** The newest one-time password sent to a contact. */
export async function passwordFromOutbox(api: APIRequestContext, to: string): Promise<string> {
  for (const m of await outboxFor(api, to)) {
    const password = /new account:(\S+)/.exec(m.text)?.[1];
    if (password) return password;
  }
  throw new Error(`no one-time password in the outbox for ${to}`);
}

/** Confirms a registration with the code from the outbox; returns the one-time password sent next. */
export async function verifyRegistration(api: APIRequestContext, userId: string, email: string) {
  const res = await api.post('/api/users/verifyContact', {
    data: { _id: userId, code: await codeFromOutbox(api, email) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return passwordFromOutbox(api, email);
}

interface Fixtures {
  /** Request context on the server under test, without credentials. */
  api: APIRequestContext;
  /** Request context carrying a fresh admin token. */
  adminApi: APIRequestContext;
}

export const test = base.extend<Fixtures>({
  // Global setup decides the port after the config is read, so the URL comes from the environment.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(baseURL());
  },
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: baseURL() });
    await use(api);
    await api.dispose();
  },
  adminApi: async ({ playwright, api }, use) => {
    const token = await apiLogin(api, adminCredentials.email, adminCredentials.password);
    const adminApi = await playwright.request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { Authorization: token },
    });
    await use(adminApi);
    await adminApi.dispose();
  },
});
