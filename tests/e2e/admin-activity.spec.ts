import type { AuditEntry, AuditPage } from '../../src/lib/privacy';
import { adminTest as test, expect } from './admin-fixtures';

/** A trail of one page: the dashboard's list views interleave, as they do when it loads. */
function trail(): AuditPage {
  let id = 100;
  const entry = (action: AuditEntry['action'], minute: number, summary: string, adminId = 1): AuditEntry => ({
    id: id--,
    at: new Date(2026, 10, 22, 10, minute).toISOString(),
    adminId,
    adminEmail: adminId === 1 ? 'e2e-admin@example.com' : 'other@example.com',
    action,
    subjectType: null,
    subjectId: null,
    summary,
  });
  const views: AuditEntry[] = [];
  // Twelve list views of applicants, 10:15 back to 10:02, each followed by one of messages.
  for (const minute of [15, 14, 13, 12, 11, 10, 9, 8, 6, 5, 3, 2]) {
    views.push(entry('applicants.listed', minute, 'listed 4 applicants'));
    views.push(entry('messages.listed', minute, 'listed 2 messages'));
  }
  return {
    entries: [
      entry('applicant.viewed', 16, 'Viewed applicant'),
      ...views,
      entry('applicants.listed', 1, 'listed 4 applicants', 2),
    ],
    nextCursor: null,
    admins: [
      { id: 1, email: 'e2e-admin@example.com' },
      { id: 2, email: 'other@example.com' },
    ],
  };
}

test.describe('admin activity', () => {
  test('hides list views until asked, then groups consecutive ones by one admin into one row per list; every entry stays one click away', async ({
    loggedInPage: page,
    axe,
  }) => {
    const asked: string[] = [];
    await page.route('**/api/audit*', (route) => {
      asked.push(new URL(route.request().url()).search);
      return route.fulfill({ json: trail() });
    });
    await page.goto('/admin#activity');
    const panel = page.getByRole('tabpanel', { name: 'Activity' });
    // List views are left out until asked for.
    await expect.poll(() => asked[0]).toBe('?lists=hide');
    await panel.getByLabel(/^Show list views/).check();
    await expect.poll(() => asked.at(-1)).toBe('');
    const rows = panel.getByRole('list', { name: 'Activity entries' }).locator(':scope > li');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Viewed applicant');
    await expect(rows.nth(1)).toContainText('Listed applicants 12 times, 10:02–10:15');
    await expect(rows.nth(1)).toContainText('e2e-admin@example.com');
    await expect(rows.nth(2)).toContainText('Listed messages 12 times, 10:02–10:15');
    // Another admin's view is its own row.
    await expect(rows.nth(3)).toContainText('Listed applicants');
    await expect(rows.nth(3)).toContainText('other@example.com');
    await expect(rows.nth(3)).not.toContainText('times');

    const each = rows.nth(1).getByRole('list');
    await expect(each).toBeHidden();
    await rows.nth(1).getByText('Show each entry').click();
    await expect(each.getByRole('listitem')).toHaveCount(12);
    await expect(each.getByRole('listitem').first()).toHaveText('10:15 · listed 4 applicants');
    expect(await axe('main')).toEqual([]);
  });
});
