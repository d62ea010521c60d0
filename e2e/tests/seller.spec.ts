import { adminCredentials, expect, loginThroughPage, onboardRetailer, test } from '../fixtures';

test.describe('sellers', () => {
  test('a non-admin at /adminlogin is told "You dont have admin rights!" and is not signed in', async ({
    page,
    api,
  }) => {
    const seller = await onboardRetailer(api, 'Khan Footwear Indiranagar');
    await loginThroughPage(page, '/adminlogin', seller.email, seller.password);

    // The spec's alert text, in a dialog of the page rather than the browser's alert().
    await expect(page.getByRole('alertdialog')).toContainText('You dont have admin rights!');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/adminlogin$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('the admin approves a seller, who then logs in, changes the one-time password and sees the store', async ({
    page,
    api,
  }) => {
    const storeName = `Khan Sandals ${Date.now()}`;
    const seller = await onboardRetailer(api, storeName);
    // The admin approves the new store through the approval page.
    await loginThroughPage(page, '/adminlogin', adminCredentials.email, adminCredentials.password);
    await expect(page).toHaveURL(/\/manageseller$/);
    await page.getByLabel('Select Seller').selectOption({ label: `Farah Khan (${storeName})` });
    await expect(page.getByRole('heading', { name: 'Farah Khan' })).toBeVisible();
    await expect(page.getByText(storeName).last()).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    // A confirmation step first; then the spec's "Seller Acivated!" in a dialog.
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Seller Acivated!');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Approved Successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user-data'))).toBeNull();

    // The seller logs in with the one-time password and must choose a new one first.
    await loginThroughPage(page, '/login', seller.email, seller.password);
    await expect(page).toHaveURL(/\/changepassword$/);
    await page.getByLabel('Current password', { exact: true }).fill(seller.password);
    await page.getByLabel('New password', { exact: true }).fill('Filter-coffee-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Filter-coffee-2026');
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(page).toHaveURL(new RegExp(`/viewstore/true/${seller.id}$`));
    await expect(page.getByRole('heading', { name: storeName })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    // The old password no longer works; the new one does.
    expect(
      (
        await api.post('/api/users/login', { data: { userName: seller.email, password: seller.password } })
      ).status(),
    ).toBe(401);
    expect(
      (
        await api.post('/api/users/login', {
          data: { userName: seller.email, password: 'Filter-coffee-2026' },
        })
      ).status(),
    ).toBe(200);
  });
});
