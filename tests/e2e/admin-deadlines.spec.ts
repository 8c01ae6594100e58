import { openDatabase } from '../../src/server/db';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';

const E2E_DATA_DIR = process.env['E2E_DATA_DIR'] ?? '/tmp/edgecraft-e2e-data';
const DAY_MS = 86_400_000;

/** Puts the applicant's last stage change `days` back, as if they had waited that long (the server's clock judges). */
async function waitedDays(id: number, days: number): Promise<void> {
  const handle = openDatabase({ dataDir: E2E_DATA_DIR });
  try {
    await handle.db
      .updateTable('applicants')
      .set({ status_changed_at: new Date(Date.now() - days * DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
  } finally {
    await handle.close();
  }
}

test('an applicant waiting past their stage’s days is badged, filtered and counted on the tab', async ({
  loggedInPage: page,
  adminApi,
  axe,
}) => {
  const job = await adminApi.createJob();
  const late = await adminApi.seedApplicant({ job, name: `${adminApi.tag} Late Applicant` });
  const fresh = await adminApi.seedApplicant({ job, name: `${adminApi.tag} Fresh Applicant` });
  await waitedDays(late.id, 8);

  const admin = new AdminPage(page);
  await admin.goto('Applicants');
  await expect(admin.tab('Applicants')).toHaveText(/\(\d+ · [1-9]\d* overdue\)$/);
  await page.getByRole('searchbox').fill(adminApi.tag);
  await expect(admin.applicantCard(late.name).getByText('Overdue', { exact: true })).toBeVisible();
  await expect(admin.applicantCard(fresh.name)).toBeVisible();
  await expect(admin.applicantCard(fresh.name).getByText('Overdue', { exact: true })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Overdue only' }).check();
  await expect(admin.applicantCard(late.name)).toBeVisible();
  await expect(admin.applicantCard(fresh.name)).toHaveCount(0);
  // At 1280 and on a 390 px phone alike, the badge sits inside its card, beside the stage.
  const card = await admin.applicantCard(late.name).boundingBox();
  const badge = await admin.applicantCard(late.name).getByText('Overdue', { exact: true }).boundingBox();
  expect(page.viewportSize()?.width).toBeGreaterThan(0);
  expect(card && badge && badge.x + badge.width <= card.x + card.width && badge.x >= card.x).toBe(true);
  await page.screenshot({ path: test.info().outputPath('overdue.png'), fullPage: false });
  expect(await axe('main')).toEqual([]);
});
