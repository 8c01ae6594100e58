import type { Page } from '@playwright/test';
import { connectSources } from '../../src/lib/connect-sources';
import { emailJsConfig } from '../../src/lib/emailjs';
import { noticeSettings } from '../../src/lib/notice-settings';
import { consentMessages } from '../../src/lib/privacy';
import { SPAM_MESSAGE } from '../../src/lib/spam';
import { expect, hydrate, test } from './fixtures';

/** The EmailJS settings of a site built with PUBLIC_EMAILJS_*, which the tests expect to see sent. */
const settings = {
  PUBLIC_EMAILJS_PUBLIC_KEY: 'e2e-public-key',
  PUBLIC_EMAILJS_SERVICE_ID: 'e2e-service',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'e2e-template',
};
const config = emailJsConfig(settings)!;

/** Replaces `from` once in `html`, failing loudly when the build no longer writes it. */
function replaceOnce(html: string, from: string, to: string): string {
  expect(html.split(from), `the home page holds ${from} once`).toHaveLength(2);
  return html.replace(from, to);
}

/**
 * Serves the main build's home page as a build with the EmailJS settings writes it: the island's
 * settings (its props, as Astro encodes them), the notice rendered with them, and the CSP's connect-src.
 * What the build makes of the settings is checked without a build (connect-sources and privacy tests).
 */
async function serveEmailJsHome(page: Page): Promise<void> {
  const escape = (text: string) => text.replaceAll('"', '&quot;');
  const props = (value: unknown) => escape(`"emailJs":${JSON.stringify(value)}`);
  const astroProps = [0, Object.fromEntries(Object.entries(config).map(([key, value]) => [key, [0, value]]))];
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      html = replaceOnce(html, props([0, null]), props(astroProps));
      html = replaceOnce(
        html,
        consentMessages.contactNotice(noticeSettings().days.messages),
        consentMessages.contactNoticeEmailJs,
      );
      html = replaceOnce(
        html,
        `connect-src ${connectSources({}).join(' ')};`,
        `connect-src ${connectSources(settings).join(' ')};`,
      );
      await route.fulfill({ response, body: html });
    },
  );
}

// The main build posts to the API; these tests serve its home page as an EmailJS build writes it.
test.describe('contact form through EmailJS', () => {
  const values = {
    name: 'Liu Wei',
    email: 'liu.wei@example.org',
    subject: 'IoT SDK evaluation',
    message: 'Please send the SDK evaluation kit details.',
  };

  // A clock left paused makes Playwright resume it while it resets the reused context, and that
  // late resume script can outlive the reset: the next test's page then throws reading 'controller'.
  let clockPaused = false;
  test.afterEach(async ({ page }) => {
    if (clockPaused) await page.clock.resume();
    clockPaused = false;
  });

  /** Fills and sends the form; `secondsOpen` is how long the visitor appears to have taken (page clock). */
  async function send(page: import('@playwright/test').Page, status: number, secondsOpen = 20) {
    let body: Record<string, unknown> | undefined;
    // The page's clock stands still until the test moves it, so the fill time is exactly `secondsOpen`.
    await page.clock.install({ time: new Date('2026-11-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-02T09:00:01Z'));
    clockPaused = true;
    await page.route('https://api.emailjs.com/api/v1.0/email/send', async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status, body: status === 200 ? 'OK' : 'Bad Request', contentType: 'text/plain' });
    });
    await page.route('**/api/contact', (route) => route.abort());
    await serveEmailJsHome(page);
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
      user_id: settings.PUBLIC_EMAILJS_PUBLIC_KEY,
      service_id: settings.PUBLIC_EMAILJS_SERVICE_ID,
      template_id: settings.PUBLIC_EMAILJS_TEMPLATE_ID,
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

  test('the form says the message goes through EmailJS and the website stores none of it', async ({ page }) => {
    await serveEmailJsHome(page);
    await page.goto('/#contact');
    await hydrate(page, 'form[aria-label="Contact us"]');
    await expect(page.getByText(consentMessages.contactNoticeEmailJs)).toBeVisible();
  });
});
