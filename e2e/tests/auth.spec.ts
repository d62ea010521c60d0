import { adminCredentials, expect, loginThroughPage, test } from '../fixtures';

test.describe('signing in', () => {
  test('the admin logs in and lands on the seller approvals', async ({ page }) => {
    await page.goto('/adminlogin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);

    await expect(page).toHaveURL(/\/manageseller$/);
  });

  test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
    await loginThroughPage(page, '/login', adminCredentials.email, 'Not-the-password-99');

    // The message takes focus, which is how it is announced.
    await expect(page.getByText('Invalid e-mail or password')).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login button says it is unavailable until both fields are filled, and stays reachable', async ({
    page,
  }) => {
    await page.goto('/login');
    const email = page.getByLabel('E-mail', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login', exact: true });

    await expect(login).toHaveAttribute('aria-disabled', 'true');
    await email.fill('someone@example.com');
    await expect(login).toHaveAttribute('aria-disabled', 'true');
    await password.fill('Some-password-1');
    await expect(login).not.toHaveAttribute('aria-disabled');
    await email.fill('');
    await expect(login).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('pages and API basics', () => {
  test('an unknown page shows "Page not found"', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found').first()).toBeVisible();
  });

  test('an unknown API path answers a JSON 404', async ({ api }) => {
    const res = await api.get('/api/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(typeof body.message).toBe('string');
  });

  test('the API documentation is served', async ({ page, api }) => {
    const spec = await api.get('/api/docs/json');
    expect(spec.status()).toBe(200);
    const doc = (await spec.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths ?? {})).toContain('/api/users/login');

    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Revuhub API/ }).first()).toBeVisible();
  });

  test('the states lookup includes Karnataka', async ({ api }) => {
    const res = await api.get('/api/states/getAllStates');
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { name: string }[] };
    expect(body.data.map((s) => s.name)).toContain('Karnataka');
  });
});
