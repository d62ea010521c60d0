import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, loginThroughPage, test, verifyRegistration } from '../fixtures';
import { chooseHindi, textOutsideCatalogue, usePseudoLocale } from '../pseudo-locale';

/**
 * Hindi beside English (issue 26, decision 044) on the account screens: login, signing up, the
 * privacy policy and "Your data and privacy". In the pseudo-locale (every catalogue string drawn as
 * ⟦…⟧) no visible interface text may come from outside the catalogue.
 */

const PASSWORD = 'Filter-kaapi-2026';

/** A signed-up customer with a password of their own (the one-time password already changed). */
async function customer(api: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `hindi-account-${stamp}@e2e.test`;
  const registered = await api.post('/api/endUsers/registerNewUser', {
    data: { name: 'Savita Kulkarni', email, mobile: `7${stamp.slice(-9)}`, if_expert: false },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { data } = (await registered.json()) as { data: { _id: string } };
  const oneTime = await verifyRegistration(api, data._id, email);
  const changed = await api.post('/api/users/changePassword', {
    headers: { Authorization: await apiLogin(api, email, oneTime) },
    data: { currentPassword: oneTime, newPassword: PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return email;
}

/**
 * The screens, and what on each is data rather than interface text: the state and city names of
 * the join form's lists, and the company's name, e-mail addresses and phone in the policy (from the
 * site settings; the sentences around them are checked).
 */
const SCREENS: { name: string; path: string; signedIn?: boolean; userData: string[] }[] = [
  { name: 'the login page', path: '/login', userData: [] },
  { name: 'a join page', path: '/joinasenduser', userData: ['option:not([value=""])'] },
  {
    name: 'the privacy policy',
    path: '/privacypolicy',
    userData: ['.legal address > strong', '.legal a[href^="mailto:"]', '.legal a[href^="tel:"]'],
  },
  { name: 'the signed-in "my data" page', path: '/mydata', signedIn: true, userData: [] },
];

test.describe('Hindi: login, sign-up and privacy', () => {
  test('the login page and a join page read in Hindi, with html lang="hi"', async ({ page }) => {
    await chooseHindi(page);

    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'लॉग इन' })).toBeVisible();
    await expect(page.getByLabel('ई-मेल', { exact: true })).toBeVisible();
    await expect(page.getByLabel('पासवर्ड', { exact: true })).toBeVisible();
    await expect(page.getByText('लॉग इन करने के लिए अपना ई-मेल और पासवर्ड डालें।')).toBeVisible();
    await expect(page.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeVisible();
    await expect(page).toHaveTitle('लॉग इन | Revuhub');
    // Installed from a Hindi page, the app is named and described by the Hindi manifest.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-hi.webmanifest');
    const manifest = (await (await page.request.get('/manifest-hi.webmanifest')).json()) as { lang: string };
    expect(manifest.lang).toBe('hi-IN');
    // The contract's own messages ("E-mail is required"), pressed with nothing typed, in Hindi.
    await page.getByRole('button', { name: 'लॉग इन', exact: true }).press('Enter');
    await expect(page.getByLabel('ई-मेल', { exact: true })).toHaveAccessibleDescription(/ई-मेल ज़रूरी है/);
    await expect(page.getByLabel('पासवर्ड', { exact: true })).toHaveAccessibleDescription(/पासवर्ड ज़रूरी है/);

    await page.goto('/joinasenduser');
    await expect(page.getByRole('heading', { level: 1, name: 'खाता बनाएँ' })).toBeVisible();
    await expect(page.getByLabel('नाम', { exact: true })).toBeVisible();
    await expect(page.getByLabel('संपर्क नंबर', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ ज़रूरी फ़ील्ड अभी खाली हैं।$/)).toBeVisible();
    // The 18-or-older box, unticked at submit, says why in Hindi and nothing is sent.
    // Submit says what is missing instead of going silent; pressed anyway, the summary lists it all.
    await page.getByRole('button', { name: 'भेजें', exact: true }).press('Enter');
    await expect(
      page.getByRole('link', { name: 'Revuhub इस्तेमाल करने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए' }),
    ).toBeVisible();
  });

  test('pseudo-locale: the login and forgot-password forms’ field errors come from the catalogue', async ({
    page,
  }) => {
    await usePseudoLocale(page);
    await page.goto('/login');
    await page.getByRole('button', { name: '⟦Login⟧', exact: true }).press('Enter');
    await expect(page.getByText('⟦Password is required⟧').first()).toBeVisible();
    await expect(page.getByText('⟦E-mail is required⟧').first()).toBeVisible();
    expect(await textOutsideCatalogue(page, [])).toEqual([]);

    await page.goto('/forgotpassword');
    await expect(page.locator('h1')).toContainText('⟦');
    await page.getByRole('button', { name: '⟦Send code⟧' }).click();
    await expect(page.getByText('⟦E-mail is required⟧')).toBeVisible();
    expect(await textOutsideCatalogue(page, [])).toEqual([]);
  });

  for (const screen of SCREENS) {
    test(`pseudo-locale: every visible text on ${screen.name} comes from the catalogue`, async ({
      page,
      api,
    }) => {
      if (screen.signedIn) await loginThroughPage(page, '/login', await customer(api), PASSWORD);
      await usePseudoLocale(page);
      await page.goto(screen.path);
      await expect(page.locator('h1').first()).toBeVisible();
      // Let late arrivals (the site settings, the deletion check, the lists) draw.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1').first()).toContainText('⟦');
      expect(await textOutsideCatalogue(page, screen.userData)).toEqual([]);
    });
  }
});
