import { formatDateTime } from '../../src/lib/date-time';
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
    await expect(admin.tab('Messages')).toHaveText('Messages (2 unhandled)');
    const cards = page.getByRole('list', { name: 'Messages' }).getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText([`${tag} second`, `${tag} first`]);

    const first = cards.filter({ has: page.getByRole('heading', { name: `${tag} first` }) });
    await expect(first.getByText(/^From Priya Nair/)).toBeVisible();
    await expect(first.getByRole('link', { name: `${tag.toLowerCase()}.1@example.org` })).toHaveAttribute(
      'href',
      `mailto:${tag.toLowerCase()}.1@example.org`,
    );
    expect(await first.getByText(/^Line one\./).innerText()).toBe('Line one.\nLine two.');
    const today = formatDateTime(new Date().toISOString()).split(' at ')[0];
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

  test('a message is marked handled and back; the tab counts the unhandled ones', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const tag = adminApi.tag;
    await adminApi.sendMessage({ subject: `${tag} older`, name: 'Priya Nair' });
    await adminApi.sendMessage({ subject: `${tag} newer`, name: 'Jonas Berg' });
    await showOnly(page, tag);
    const admin = new AdminPage(page);
    await admin.goto('Messages');
    await expect(admin.tab('Messages')).toHaveText('Messages (2 unhandled)');
    const card = page.getByRole('article', { name: `${tag} older` });
    await expect(card.getByText(/^(Status: )?Unhandled$/)).toBeVisible();

    await card.getByRole('button', { name: 'Mark handled message from Priya Nair' }).click();
    await expect(admin.toast('Message marked as handled')).toBeVisible();
    await expect(card.getByText(/^(Status: )?Handled /)).toBeVisible();
    await expect(admin.tab('Messages')).toHaveText('Messages (1 unhandled)');
    expect((await adminApi.messages()).find((m) => m.subject === `${tag} older`)?.handledAt).toEqual(
      expect.any(String),
    );

    // Handled survives a reload, and can be undone.
    await page.reload();
    await expect(card.getByText(/^(Status: )?Handled /)).toBeVisible();
    await card.getByRole('button', { name: 'Mark unhandled message from Priya Nair' }).click();
    await expect(admin.toast('Message marked as not handled')).toBeVisible();
    await expect(card.getByText(/^(Status: )?Unhandled$/)).toBeVisible();
    await expect(admin.tab('Messages')).toHaveText('Messages (2 unhandled)');
  });

  test(
    "Reply opens the mail client addressed to the sender, with 'Re: subject' and the message quoted",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const tag = adminApi.tag;
      await adminApi.sendMessage({
        subject: `${tag} pilot & pricing?`,
        name: 'Priya Nair',
        email: `${tag.toLowerCase()}+sales@example.org`,
        message: 'We run 20 drones.\n\nCan we talk next week?',
      });
      await showOnly(page, tag);
      const admin = new AdminPage(page);
      await admin.goto('Messages');
      const href = await page.getByRole('link', { name: 'Reply to Priya Nair' }).getAttribute('href');
      const url = new URL(href ?? '');
      expect(url.protocol).toBe('mailto:');
      expect(decodeURIComponent(url.pathname)).toBe(`${tag.toLowerCase()}+sales@example.org`);
      // One subject and one body: nothing in the message can add fields (cc, bcc) to the mail.
      expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
      expect(url.searchParams.get('subject')).toBe(`Re: ${tag} pilot & pricing?`);
      const body = url.searchParams.get('body') ?? '';
      expect(body).toMatch(/^\n\nOn .+, Priya Nair <.+\+sales@example\.org> wrote:\n/);
      expect(body.endsWith('> We run 20 drones.\n>\n> Can we talk next week?\n')).toBe(true);
    },
  );

  test('messages tab: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    await adminApi.sendMessage();
    await adminApi.sendMessage();
    await showOnly(page, adminApi.tag);
    const admin = new AdminPage(page);
    await admin.goto('Messages');
    const cards = page.getByRole('list', { name: 'Messages' }).getByRole('article');
    await expect(cards).toHaveCount(2);
    await cards
      .first()
      .getByRole('button', { name: /^Mark handled/ })
      .click();
    await expect(cards.first().getByText(/^(Status: )?Handled /)).toBeVisible();
    expect(await axe('main')).toEqual([]);
  });
});
