import type { Page } from '@playwright/test';
import { adminTest as test, expect, type AdminApi } from './admin-fixtures';
import { openApplicants } from './pages/AdminPage';

/** Three applicants applied Zoe, Anil, Maya, and the Applicants tab in Table view. */
async function tableOfThree(page: Page, adminApi: AdminApi) {
  const job = await adminApi.createJob();
  const { tag } = adminApi;
  // Applied in this order: the list shows them newest first, Maya, Anil, Zoe.
  const zoe = await adminApi.seedApplicant({ job, name: `${tag} Zoe` });
  const anil = await adminApi.seedApplicant({ job, name: `${tag} Anil` });
  const maya = await adminApi.seedApplicant({ job, name: `${tag} Maya` });
  await openApplicants(page, tag);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const table = page.getByRole('table', { name: 'Applicants' });
  const names = table.locator('tbody').getByRole('button');
  const header = (name: string) => table.getByRole('columnheader', { name: new RegExp(`^${name}`) });
  await expect(names).toHaveText([maya.name, anil.name, zoe.name]);
  return { table, names, header, zoe, anil, maya };
}

test.describe('the applicants table', () => {
  test('sorts by a header and opens a row, with nothing in it that deletes', async ({
    loggedInPage: page,
    adminApi,
    axe,
  }) => {
    const { table, names, header, zoe, anil, maya } = await tableOfThree(page, adminApi);
    await expect(header('Applied')).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    expect(await axe('main')).toEqual([]);

    await header('Name').getByRole('button').click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Applied')).not.toHaveAttribute('aria-sort');
    await expect(names).toHaveText([anil.name, maya.name, zoe.name]);
    await header('Name').getByRole('button').click();
    await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([zoe.name, maya.name, anil.name]);

    // A click on the row's job cell opens the applicant; Next follows the table's order.
    await page.locator(`[data-applicant-row="${maya.id}"] td`).nth(2).click();
    const dialog = page.getByRole('dialog', { name: maya.name });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]applicant=${maya.id}(&|#|$)`));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: anil.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('selects rows for the bulk bar, fits the screen, and is remembered', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const { table, names, header, zoe, anil, maya } = await tableOfThree(page, adminApi);
    // Name, descending: Zoe, Maya, Anil, so a range from Zoe to Anil takes Maya in.
    await header('Name').getByRole('button').click();
    await header('Name').getByRole('button').click();
    await expect(names).toHaveText([zoe.name, maya.name, anil.name]);
    // The checkboxes select without opening.
    await table.getByRole('checkbox', { name: `Select ${zoe.name}` }).click();
    await table.getByRole('checkbox', { name: `Select ${anil.name}` }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 applicants selected')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Select all 3 matching' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Shift ticks a range in the table's order (Zoe, Maya, Anil), Maya included.
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await table.getByRole('checkbox', { name: `Select ${zoe.name}` }).click();
    await table.getByRole('checkbox', { name: `Select ${anil.name}` }).click({ modifiers: ['Shift'] });
    await expect(bar.getByText('3 applicants selected')).toBeVisible();
    await expect(table.getByRole('checkbox', { name: `Select ${maya.name}` })).toBeChecked();

    const screen = page.viewportSize();
    if (!screen) throw new Error('no viewport');
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(screen.width);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(names).toHaveText([maya.name, anil.name, zoe.name]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(screen.width);
  });
});
