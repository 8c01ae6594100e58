import type { Page } from '@playwright/test';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../src/lib/spam';
import { expect, fillHoneypot, hydrate, test } from './fixtures';

const message = {
  name: 'Asha Rao',
  email: 'asha.rao@example.org',
  subject: 'Porting a YOLO pipeline to an edge module',
  message: 'We run a Python detection pipeline and need it on an INT8 edge target by Q3. Can we talk?',
};

async function openForm(page: Page) {
  await page.goto('/#contact');
  await hydrate(page, 'form[aria-label="Contact us"]');
  return page.getByRole('form', { name: 'Contact us' });
}

async function fill(page: Page) {
  await page.getByLabel('Name').fill(message.name);
  await page.getByLabel('Email').fill(message.email);
  await page.getByLabel('Subject').fill(message.subject);
  await page.getByLabel('Message').fill(message.message);
}

test.describe('contact form through the API', () => {
  test("shows 'Sending...' on a disabled button, then 'Email sent successfully!' and clears the fields", async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    let posted: unknown;
    await page.route('**/api/contact', async (route) => {
      posted = route.request().postDataJSON();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ status: 201, json: { message: 'Message received' } });
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByRole('status')).toContainText('Email sent successfully!');
    // The four fields, the empty honeypot and how long the form was on screen (src/lib/spam.ts).
    expect(posted).toEqual({ ...message, [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: expect.any(Number) });
    expect((posted as Record<string, number>)[FILL_TIME_FIELD]).toBeGreaterThan(0);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test("keeps the values and shows 'Failed to send email. Try again later.' when sending fails", async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Try again later.');
    await expect(page.getByLabel('Subject')).toHaveValue(message.subject);
    await expect(page.getByLabel('Message')).toHaveValue(message.message);
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('keeps the values when the network is down', async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Try again later.');
    await expect(page.getByLabel('Name')).toHaveValue(message.name);
  });

  test('is stored by the real API', async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    const answer = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBeLessThan(300);
    await expect(page.getByRole('status')).toContainText('Email sent successfully!');
  });

  test('a bot that fills the hidden honeypot is refused by the API and the values stay', async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    await fillHoneypot(form);
    const answer = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Failed to send email. Try again later.');
    await expect(page.getByLabel('Message')).toHaveValue(message.message);
  });

  test('requires every field and a valid email, tied to the inputs', async ({ page }) => {
    const form = await openForm(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  });
});
