import type { Page } from '@playwright/test';
import type { ContactMessage } from '../../src/lib/schemas';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';

const CONFIRM_DELETE = 'Are you sure you want to delete this message?';

/** Shows only this test's messages (subjects start with its tag); the data is the real server's. */
async function showOnly(page: Page, tag: string): Promise<void> {
  await page.route('**/api/messages', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { messages: ContactMessage[] };
    await route.fulfill({ response, json: { messages: body.messages.filter((m) => m.subject.startsWith(tag)) } });
  });
}

test.describe('admin messages', () => {
  test('lists the contact messages the API stored, newest first, with name, email, subject, date and text', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const tag = adminApi.tag;
    await adminApi.sendMessage({ subject: `${tag} first`, name: 'Priya Nair', message: 'Line one.\nLine two.' });
    await adminApi.sendMessage({ subject: `${tag} second`, name: 'Jonas Berg' });
    await showOnly(page, tag);
    const admin = new AdminPage(page);
    await admin.goto('Messages');
    await expect(admin.tab('Messages')).toHaveText('Messages (2)');
    const cards = page.getByRole('list', { name: 'Messages' }).getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText([`${tag} second`, `${tag} first`]);

    const first = cards.filter({ has: page.getByRole('heading', { name: `${tag} first` }) });
    await expect(first.getByText(/^From Priya Nair/)).toBeVisible();
    await expect(first.getByRole('link', { name: `${tag.toLowerCase()}.1@example.org` })).toHaveAttribute(
      'href',
      `mailto:${tag.toLowerCase()}.1@example.org`,
    );
    expect(await first.getByText(/^Line one\./).innerText()).toBe('Line one.\nLine two.');
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(new Date());
    await expect(first.getByText(new RegExp(`^${today} at `))).toBeVisible();
  });

  test('deletes a message only after confirmation', { tag: '@once' }, async ({ loggedInPage: page, adminApi }) => {
    const tag = adminApi.tag;
    await adminApi.sendMessage({ subject: `${tag} to delete` });
    await showOnly(page, tag);
    const admin = new AdminPage(page);
    await admin.goto('Messages');
    const card = page.getByRole('article', { name: `${tag} to delete` });

    await card.getByRole('button', { name: /^Delete/ }).click();
    await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /^Delete/ }).click();
    await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
    await expect(admin.toast('Message deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No messages yet')).toBeVisible();
    expect((await adminApi.messages()).some((m) => m.subject === `${tag} to delete`)).toBe(false);
  });

  test(
    "shows 'Failed to fetch messages' when the list cannot load",
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      await page.route('**/api/messages', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      const admin = new AdminPage(page);
      await admin.goto('Messages');
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch messages' })).toBeVisible({
        timeout: 15_000,
      });
    },
  );

  test('messages tab: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    await adminApi.sendMessage();
    await showOnly(page, adminApi.tag);
    const admin = new AdminPage(page);
    await admin.goto('Messages');
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('article')).toHaveCount(1);
    expect(await axe('main')).toEqual([]);
  });
});
