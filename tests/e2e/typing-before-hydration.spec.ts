/**
 * Nothing typed is lost while a page loads: a field takes input only once its island can keep it
 * (until then it waits, disabled and marked busy), or the island starts from what is already in it.
 * Each test holds the island's script until its typing is done, then lets it run (the contact
 * form's own test: tests/e2e/contact.spec.ts).
 */
import { expect, test } from './fixtures';
import { holdRoute } from './held-route';

test.describe('typing before a page has loaded', () => {
  test('the invitation page waits, disabled and busy, until its form can keep what is typed, then keeps it', async ({
    page,
  }) => {
    await page.route('**/api/auth/invitation', (route) =>
      route.fulfill({ json: { role: 'recruiter', invitedBy: 'owner@example.com' } }),
    );
    const release = await holdRoute(page, '**/_astro/LoginForm*.js');
    await page.goto('/adminlogin?reset=an-invitation-token', { waitUntil: 'commit' });
    const waiting = page.locator('fieldset[aria-busy="true"]');
    await expect(waiting).toBeVisible();
    for (const field of [page.getByLabel('Email'), page.getByLabel('Password')]) {
      await expect(field).toBeDisabled();
      // A disabled field takes neither the focus nor the keys: nothing is typed that could be lost.
      await field.click({ force: true });
      await page.keyboard.type('typed too early');
      await expect(field).toHaveValue('');
    }

    release();
    const form = page.getByRole('form', { name: 'Welcome to the hiring team' });
    await expect(form).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const password = form.getByRole('textbox', { name: 'Your password', exact: true });
    await password.pressSequentially('a long enough password');
    await expect(password).toHaveValue('a long enough password');
  });
});
