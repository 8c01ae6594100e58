import type { Page } from '@playwright/test';
import { contactMessages } from '../../src/lib/schemas/contact';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, SPAM_MESSAGE } from '../../src/lib/spam';
import { replyTime } from '../../src/site';
import { expect, fillHoneypot, hydrate, test } from './fixtures';
import { holdRoute } from './held-route';

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
  test("shows 'Sending...' on a disabled button, then 'Message sent successfully!' and clears the fields", async ({
    page,
  }) => {
    const form = await openForm(page);
    await fill(page);
    let posted: unknown;
    const release = await holdRoute(page, '**/api/contact', (route) => {
      posted = route.request().postDataJSON();
      return route.fulfill({ status: 201, json: { message: 'Message received' } });
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toContainText('Message sent successfully!');
    // The four fields, the empty honeypot and how long the form was on screen (src/lib/spam.ts).
    expect(posted).toEqual({ ...message, [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: expect.any(Number) });
    expect((posted as Record<string, number>)[FILL_TIME_FIELD]).toBeGreaterThan(0);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // Success says so once: below the button, focused (so in view and read out), when and where the reply comes.
    const confirmation = form.getByTestId('contact-confirmation');
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport();
    await expect(page.getByText('Message sent successfully!')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
    await expect(confirmation).toContainText(`Thank you, ${message.name}.`);
    await expect(confirmation).toContainText(`An engineer replies ${replyTime}, to ${message.email}.`);
    await expect(page.locator('#contact')).toContainText(`replies ${replyTime}`);
  });

  test('the confirmation has no axe violations', { tag: '@once' }, async ({ page, axe }) => {
    const form = await openForm(page);
    await fill(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, json: { message: 'Message received' } }),
    );
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByTestId('contact-confirmation')).toBeVisible();
    expect(await axe('#contact')).toEqual([]);
  });

  test(
    "keeps the values and shows 'Failed to send email. Try again later.' when the server fails without a message",
    { tag: '@once' },
    async ({ page }) => {
      const form = await openForm(page);
      await fill(page);
      await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByRole('alert')).toHaveText('Failed to send email. Try again later.');
      await expect(page.getByText('Failed to send email. Try again later.')).toHaveCount(1);
      await expect(page.getByLabel('Subject')).toHaveValue(message.subject);
      await expect(page.getByLabel('Message')).toHaveValue(message.message);
      await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    },
  );

  test('keeps the values when the network is down', { tag: '@once' }, async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to send email. Try again later.');
    await expect(page.getByLabel('Name')).toHaveValue(message.name);
  });

  test('is stored by the real API', { tag: '@once' }, async ({ page }) => {
    const form = await openForm(page);
    await fill(page);
    const answer = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBeLessThan(300);
    await expect(page.getByRole('status')).toContainText('Message sent successfully!');
  });

  test(
    'a bot that fills the hidden honeypot is refused by the API and the values stay',
    { tag: '@once' },
    async ({ page }) => {
      const form = await openForm(page);
      await fill(page);
      await fillHoneypot(form);
      const answer = page.waitForResponse('**/api/contact');
      await form.getByRole('button', { name: 'Send message' }).click();
      expect((await answer).status()).toBe(400);
      await expect(form.getByRole('alert')).toHaveText(SPAM_MESSAGE);
      await expect(page.getByLabel('Message')).toHaveValue(message.message);
    },
  );

  // The server's own answers, as it sends them: a message filled faster than SPAM_MIN_FILL_MS, and its rate limit.
  for (const [status, answer] of [
    [400, SPAM_MESSAGE],
    [429, contactMessages.tooMany],
  ] as const) {
    test(
      `shows the server's ${status} message once, in the form, instead of 'Failed to send email. Try again later.'`,
      { tag: '@once' },
      async ({ page }) => {
        const form = await openForm(page);
        await fill(page);
        await page.route('**/api/contact', (route) => route.fulfill({ status, json: { message: answer } }));
        await form.getByRole('button', { name: 'Send message' }).click();
        await expect(form.getByRole('alert')).toHaveText(answer);
        await expect(page.getByText(answer)).toHaveCount(1);
        await expect(page.getByText('Failed to send email. Try again later.')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
        await expect(page.getByLabel('Message')).toHaveValue(message.message);

        // Sent again once the wait is over: the refusal goes, the confirmation comes.
        await page.unroute('**/api/contact');
        await page.route('**/api/contact', (route) =>
          route.fulfill({ status: 201, json: { message: 'Message received' } }),
        );
        await form.getByRole('button', { name: 'Send message' }).click();
        await expect(page.getByRole('status')).toContainText('Message sent successfully!');
        await expect(page.getByText(answer)).toHaveCount(0);
      },
    );
  }

  test('a second send shows one confirmation, and a later failure leaves none beside its banner', async ({ page }) => {
    const form = await openForm(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, json: { message: 'Message received' } }),
    );
    for (let sent = 0; sent < 2; sent++) {
      await fill(page);
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByLabel('Name')).toHaveValue('');
    }
    await expect(page.getByRole('status').getByText('Message sent successfully!')).toHaveCount(1);

    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    await fill(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to send email. Try again later.');
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
  });

  test('requires every field and a valid email, tied to the inputs', { tag: '@once' }, async ({ page }) => {
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

test.describe('contact form before its script runs', () => {
  test('a visitor who arrives from "Talk to an engineer" types at once; the text is kept and sent', async ({
    page,
  }) => {
    const release = await holdRoute(page, '**/_astro/ContactForm*.js');
    await page.goto('/');
    await page.getByRole('link', { name: 'Talk to an engineer' }).click();
    await expect(page).toHaveURL(/#contact$/);
    const form = page.getByRole('form', { name: 'Contact us' });
    await fill(page);
    // Until the script runs, sending waits: a native submit would put the message in the URL.
    await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(page.locator('astro-island').filter({ has: form })).toHaveAttribute('ssr', '');

    release();
    await hydrate(page, 'form[aria-label="Contact us"]');
    await expect(page.getByLabel('Name')).toHaveValue(message.name);
    await expect(page.getByLabel('Email')).toHaveValue(message.email);
    await expect(page.getByLabel('Subject')).toHaveValue(message.subject);
    await expect(page.getByLabel('Message')).toHaveValue(message.message);
    let posted: unknown;
    await page.route('**/api/contact', (route) => {
      posted = route.request().postDataJSON();
      return route.fulfill({ status: 201, json: { message: 'Message received' } });
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent successfully!');
    expect(posted).toEqual({ ...message, [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: expect.any(Number) });
  });
});

test.describe('contact form opened from a call to action', () => {
  test('a product page button fills the subject, which stays editable, and the message sends with it', async ({
    page,
  }) => {
    await page.goto('/iip');
    const cta = page.getByRole('main').locator('[data-cta]').last();
    const href = (await cta.getByRole('link').getAttribute('href')) ?? '';
    const subject = new URLSearchParams(href.slice(1, href.indexOf('#'))).get('subject') ?? '';
    expect(subject).not.toBe('');
    await cta.getByRole('link').click();
    await expect(page).toHaveURL(/\/\?subject=.+#contact$/);
    await hydrate(page, 'form[aria-label="Contact us"]');
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(page.getByLabel('Subject')).toHaveValue(subject);

    await page.getByLabel('Subject').fill(`${subject} (two boards)`);
    await page.getByLabel('Name').fill(message.name);
    await page.getByLabel('Email').fill(message.email);
    await page.getByLabel('Message').fill(message.message);
    let posted: Record<string, unknown> = {};
    await page.route('**/api/contact', async (route) => {
      posted = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status: 201, json: { message: 'Message received' } });
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent successfully!');
    expect(posted['subject']).toBe(`${subject} (two boards)`);
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('an empty subject in the link still asks for one', { tag: '@once' }, async ({ page }) => {
    await page.goto('/?subject=%20#contact');
    await hydrate(page, 'form[aria-label="Contact us"]');
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Subject is required')).toBeVisible();
  });
});
