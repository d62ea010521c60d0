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
