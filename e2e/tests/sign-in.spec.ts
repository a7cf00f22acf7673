import { expect, test } from '@playwright/test';
import { alertBox, DEMO, logInThroughForm, signIn } from '../support/accounts';

test.describe('signing in and out', () => {
  test('a customer logs in and lands on the dashboard with the unpicked count', async ({ page }) => {
    await page.goto('/app/login');
    await logInThroughForm(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    // The demo customer has three packages waiting in a locker.
    await expect(page.getByRole('region', { name: 'Packages Not Picked Up' }).getByText('3', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy Shipment Labels' })).toHaveAttribute(
      'href',
      /\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/,
    );
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    await page.goto('/app/login');
    await logInThroughForm(page, DEMO.email, 'WrongPass9');
    await expect(alertBox(page)).toContainText('Wrong email or password');
    await expect(page).toHaveURL(/\/app\/login$/);
  });

  test('the login form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/app/login');
    await logInThroughForm(page, 'not-an-email', 'short');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  test('a signed-out visitor is sent to login and returned to the page asked for', async ({ page }) => {
    await page.goto('/app/transaction');
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2Ftransaction$/);
    await logInThroughForm(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/app\/transaction$/);
    await expect(page.getByRole('heading', { name: 'Transaction History', exact: true })).toBeVisible();
  });

  for (const redirect of ['//evil.example/steal', 'https://evil.example/', '/%2F%2Fevil.example', '/\\evil.example']) {
    test(`an off-site redirect ${redirect} is refused after login`, async ({ page }) => {
      await page.goto(`/app/login?redirect=${encodeURIComponent(redirect)}`);
      await logInThroughForm(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app\/dashboard$/);
    });
  }

  test('a signed-in customer opening login goes to the dashboard', async ({ context, page, baseURL }) => {
    await signIn(context, baseURL!, DEMO.email, DEMO.password);
    await page.goto('/app/login');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('logout asks first, ends the session and returns to login', async ({ context, page, baseURL }) => {
    await signIn(context, baseURL!, DEMO.email, DEMO.password);
    await page.goto('/app/dashboard');
    const sidebarLogout = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' });
    await sidebarLogout.click();
    const confirm = alertBox(page);
    await expect(confirm).toContainText('Are you sure you want to log out?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    await sidebarLogout.click();
    await alertBox(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    // The server ended the session: a signed-in call with the old cookies is refused.
    const answer = await context.request.post('/app/v1/getUnPickupsById', { form: { uid: '1' } });
    expect(answer.status()).toBe(401);
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2Fdashboard$/);
  });

  test('the business user is sent to the tablet app and the admin to the admin app', async ({ page }) => {
    await page.goto('/app/login');
    await logInThroughForm(page, 'business@example.com', DEMO.password);
    await expect(page).toHaveURL(/\/app\/tablet\/#\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/tablet/i);

    await page.context().clearCookies();
    await page.goto('/app/login');
    await logInThroughForm(page, 'admin@example.com', DEMO.password);
    await expect(page).toHaveURL(/\/app\/admin\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/admin/i);
  });

  test('a pending business account is told to contact support', async ({ page }) => {
    await page.goto('/app/login');
    await logInThroughForm(page, 'business-pending@example.com', DEMO.password);
    await expect(alertBox(page)).toContainText('Please contact AirBox support to activate your business account!');
    await expect(page).toHaveURL(/\/app\/login$/);
  });
});
