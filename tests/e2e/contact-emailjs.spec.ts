import { E2E_EMAILJS } from '../../playwright.config';
import { consentMessages, PRIVACY_PATH } from '../../src/lib/privacy';
import { SPAM_MESSAGE } from '../../src/lib/spam';
import { expect, hydrate, test } from './fixtures';

// Runs against the build made with PUBLIC_EMAILJS_* set (dist-emailjs, see playwright.config.ts).
test.describe('contact form through EmailJS', () => {
  const values = {
    name: 'Liu Wei',
    email: 'liu.wei@example.org',
    subject: 'IoT SDK evaluation',
    message: 'Please send the SDK evaluation kit details.',
  };

  /** Fills and sends the form; `secondsOpen` is how long the visitor appears to have taken (page clock). */
  async function send(page: import('@playwright/test').Page, status: number, secondsOpen = 20) {
    let body: Record<string, unknown> | undefined;
    // The page's clock stands still until the test moves it, so the fill time is exactly `secondsOpen`.
    await page.clock.install({ time: new Date('2026-11-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-02T09:00:01Z'));
    await page.route('https://api.emailjs.com/api/v1.0/email/send', async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status, body: status === 200 ? 'OK' : 'Bad Request', contentType: 'text/plain' });
    });
    await page.route('**/api/contact', (route) => route.abort());
    await page.goto('/#contact');
    await hydrate(page, 'form[aria-label="Contact us"]');
    await page.getByLabel('Name').fill(values.name);
    await page.getByLabel('Email').fill(values.email);
    await page.getByLabel('Subject').fill(values.subject);
    await page.getByLabel('Message').fill(values.message);
    await page.clock.fastForward(secondsOpen * 1000);
    await page.getByRole('button', { name: 'Send message' }).click();
    return () => body;
  }

  test('posts the service, template, key and the four fields, then clears the form', async ({ page }) => {
    const body = await send(page, 200);
    await expect(page.getByRole('status')).toContainText('Message sent successfully!');
    expect(body()).toMatchObject({
      user_id: E2E_EMAILJS.PUBLIC_EMAILJS_PUBLIC_KEY,
      service_id: E2E_EMAILJS.PUBLIC_EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.PUBLIC_EMAILJS_TEMPLATE_ID,
      // Only the four fields: the spam fields are checked in the browser and not forwarded.
      template_params: values,
    });
    expect(body()?.['lib_version']).toMatch(/^\d+\.\d+\.\d+$/);
    await expect(page.getByLabel('Name')).toHaveValue('');
  });

  test('keeps the values when EmailJS refuses', async ({ page }) => {
    await send(page, 400);
    await expect(page.getByRole('form', { name: 'Contact us' }).getByRole('alert')).toHaveText(
      'Failed to send email. Try again later.',
    );
    await expect(page.getByLabel('Message')).toHaveValue(values.message);
  });

  test('does not forward a message sent faster than a person could type it, and says to wait a moment', async ({
    page,
  }) => {
    const body = await send(page, 200, 1);
    await expect(page.getByRole('form', { name: 'Contact us' }).getByRole('alert')).toHaveText(SPAM_MESSAGE);
    expect(body()).toBeUndefined();
    await expect(page.getByLabel('Message')).toHaveValue(values.message);
  });

  test('the form and the privacy notice say the message goes through EmailJS and the website stores none of it', async ({
    page,
  }) => {
    await page.goto('/#contact');
    await hydrate(page, 'form[aria-label="Contact us"]');
    await expect(page.getByText(consentMessages.contactNoticeEmailJs)).toBeVisible();
    await page.goto(PRIVACY_PATH);
    const notice = page.getByRole('main');
    await expect(notice).toContainText('This website sends the form through EmailJS');
    await expect(notice).toContainText('through which this website sends the contact form');
    await expect(notice).not.toContainText('The website stores the message in its database');
  });
});
