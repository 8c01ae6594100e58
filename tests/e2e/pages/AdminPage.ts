import { expect, type Locator, type Page } from '@playwright/test';
import type { Applicant } from '../../../src/lib/schemas';

export type AdminTab = 'Job Vacancies' | 'Applicants' | 'Messages' | 'Outbox';
const TAB_HASH: Record<AdminTab, string> = {
  'Job Vacancies': 'jobs',
  Applicants: 'applicants',
  Messages: 'messages',
  Outbox: 'outbox',
};

/** The admin dashboard (/admin): many steps, so one page object (STYLE: Playwright). */
export class AdminPage {
  constructor(readonly page: Page) {}

  /** Opens /admin (optionally on a tab) and waits until the token check has passed. */
  async goto(tab?: AdminTab): Promise<void> {
    await this.page.goto(`/admin${tab ? `#${TAB_HASH[tab]}` : ''}`);
    await expect(this.page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  }

  tab(name: AdminTab): Locator {
    // 'Applicants (3)', or 'Applicants (3 · 1 overdue)'; the Outbox counts failed mails, 'Outbox (1 failed)', Messages unhandled ones, 'Messages (2 unhandled)'.
    return this.page.getByRole('tab', {
      name: new RegExp(`^${name} \\((\\d+|…)( failed| unhandled| · \\d+ overdue)?\\)$`),
    });
  }

  async openTab(name: AdminTab): Promise<Locator> {
    await this.tab(name).click();
    const panel = this.page.getByRole('tabpanel', { name: new RegExp(`^${name}`) });
    await expect(panel).toBeVisible();
    return panel;
  }

  /** A job card, found by its exact title. */
  jobCard(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  applicantCard(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The detail dialog or the job form (the confirm dialog is an alertdialog). */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get confirmDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** Answers the open confirm dialog with `button` ('Cancel', 'Delete', 'Logout'), after checking the question word for word. */
  async answerConfirm(question: string, button: string): Promise<void> {
    await expect(this.confirmDialog).toBeVisible();
    await expect(this.confirmDialog.getByRole('heading', { level: 2 })).toHaveText(question);
    await this.confirmDialog.getByRole('button', { name: button, exact: true }).click();
    await expect(this.confirmDialog).toBeHidden();
  }

  /** A success toast (role status) or an error toast (role alert) with exactly this text. */
  toast(text: string, kind: 'success' | 'error' = 'success'): Locator {
    return this.page.getByRole(kind === 'success' ? 'status' : 'alert').getByText(text, { exact: true });
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search applicants' }).fill(text);
  }

  /** 'All Status' or a stage's label, such as 'Pending' or 'Interview'. */
  async filterStatus(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label });
  }

  async filterJob(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Filter by job' }).selectOption({ label });
  }

  /** 'Total Applications' or a stage's label. */
  counter(label: string): Locator {
    // <dt> label and <dd> number share one tile; the tile's text is "<number><label>" in DOM order.
    return this.page
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }
}

/** Desktop and mobile share one database: the dashboard lists only the applicants of this test (by tag). */
async function showOnlyApplicants(page: Page, tag: string): Promise<void> {
  await page.route('**/api/applicants', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { applicants: Applicant[] };
    await route.fulfill({ response, json: { applicants: body.applicants.filter((a) => a.name.startsWith(tag)) } });
  });
}

/** The Applicants tab with only this test's applicants. */
export async function openApplicants(page: Page, tag: string): Promise<AdminPage> {
  await showOnlyApplicants(page, tag);
  const admin = new AdminPage(page);
  await admin.goto('Applicants');
  return admin;
}
