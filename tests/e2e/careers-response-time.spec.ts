import { apiTest as test, expect } from './fixtures';
import type { Job } from '../../src/lib/schemas';
import { jobInput, openBoard } from './careers-helpers';

/* The team's median time to a first reply: the server publishes it from ten applications in 90 days (tests/api/response-time.test.ts). */

const serveFigure = (page: import('@playwright/test').Page, medianHours: number | null) =>
  page.route('**/api/career/response-time', (route) => route.fulfill({ json: { medianHours } }));

test.describe('careers › response time', () => {
  test('shows the median time to a first reply once the server publishes it', async ({ page }) => {
    await serveFigure(page, 30);
    await openBoard(page);
    await expect(page.getByTestId('response-time')).toHaveText(
      'Our median time to a first reply over the last 90 days: 30 hours.',
    );
  });

  test('shows nothing while fewer than ten applications make the figure', async ({ page }) => {
    const answered = page.waitForResponse('**/api/career/response-time');
    await serveFigure(page, null);
    // The board's own answer, so the page has settled with a card once the figure's answer is in.
    const job = { id: 900_100, ...jobInput('median'), created_at: new Date().toISOString() } as Job;
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [job] } }));
    await openBoard(page);
    await answered;
    await expect(page.getByRole('list', { name: 'Open positions' })).toBeVisible();
    await expect(page.getByTestId('response-time')).toHaveCount(0);
  });
});
