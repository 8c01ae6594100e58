import type { Locator, Page } from '@playwright/test';
import { adminTest as test, expect } from './admin-fixtures';
import { openApplicants } from './pages/AdminPage';

/** The Undo button of the toast whose text `toast` finds. */
const undoIn = (toast: Locator) => toast.locator('..').getByRole('button', { name: 'Undo' });

const column = (page: Page, stage: string) => page.locator(`[data-stage="${stage}"]`);

/** A mouse drag in small steps, as a person drags: dnd-kit starts a drag only after a few pixels of movement. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // The mouse acts at screen coordinates: the card must be on screen first, as a person sees it.
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + 40, { steps: 12 });
  await page.mouse.up();
}

test.describe('the hiring pipeline', () => {
  test('drags a card to Interview with the keyboard, and the board is axe clean', async ({
    loggedInPage: page,
    adminApi,
    axe,
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    const admin = await openApplicants(page, adminApi.tag);
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    const handle = column(page, 'pending').getByRole('button', { name: `Move ${applicant.name}` });
    await expect(handle).toBeVisible();
    expect(await axe('main')).toEqual([]);

    // On screen before it takes focus: focus() would scroll the page smoothly, and a card lifted
    // mid-scroll is measured where it was, so the first arrow lands on no column.
    await handle.scrollIntoViewIfNeeded();
    await handle.focus();
    // Each key waits for the state it leads to: the sensor listens for arrows only once the card is lifted.
    const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit adds its arrow-key listener in a timer queued at the lift; a timer queued now runs after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // Pending → Shortlisted → Interview: the keyboard sensor moves to the next droppable to the right.
    await page.keyboard.press('ArrowRight');
    await heard(`${applicant.name} is over Shortlisted.`);
    await page.keyboard.press('ArrowRight');
    await heard(`${applicant.name} is over Interview.`);
    await page.keyboard.press('Space');
    const moved = admin.toast('Applicant moved to Interview');
    await expect(moved).toBeVisible();
    await expect(column(page, 'interview').getByRole('button', { name: `Move ${applicant.name}` })).toBeVisible();
    const status = async () => (await adminApi.applicants()).find((a) => a.id === applicant.id)?.status;
    await expect.poll(status).toBe('interview');

    await undoIn(moved).click();
    await expect(admin.toast('Undone: 1 applicant back where they were')).toBeVisible();
    await expect(column(page, 'pending').getByRole('button', { name: `Move ${applicant.name}` })).toBeVisible();
    await expect.poll(status).toBe('pending');
  });

  test('one vocabulary: filter, counters, board, badges and chart name each stage alike; the counters add up', async ({
    loggedInPage: page,
    adminApi,
    axe,
  }) => {
    const job = await adminApi.createJob();
    const stages = ['pending', 'shortlisted', 'interview', 'offer', 'hired', 'rejected'] as const;
    const seeded: { stage: (typeof stages)[number]; name: string }[] = [];
    for (const stage of stages) {
      const applicant = await adminApi.seedApplicant({ job });
      seeded.push({ stage, name: applicant.name });
      if (stage !== 'pending') await adminApi.setStatus(applicant.id, stage);
    }
    const words = ['Pending', 'Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected', 'Withdrawn'];
    const admin = await openApplicants(page, adminApi.tag);
    await expect(admin.counter('Total Applications')).toHaveText(String(stages.length));
    for (const word of words) await expect(admin.counter(word)).toHaveText(word === 'Withdrawn' ? '0' : '1');
    await expect(page.getByRole('combobox', { name: 'Filter by status' }).getByRole('option')).toHaveText([
      'All Status',
      ...words,
    ]);
    await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText(words);
    expect(await axe('main')).toEqual([]);

    await page.getByRole('button', { name: 'Board', exact: true }).click();
    const board = page.getByRole('region', { name: 'Board of applicants by stage' });
    await expect(board.getByRole('heading', { level: 3 })).toHaveText(words.map((w) => new RegExp(`^${w}\\d+$`)));
    // Each card sits under its stage's heading, which names the stage; the card says how long instead.
    for (const { stage, name } of seeded) {
      const card = column(page, stage).locator('[data-board-card]').filter({ hasText: name });
      await expect(card).toContainText('In this stage for less than a day');
    }
    await expect(board.getByText(/^Status: /)).toHaveCount(0);
  });

  test('the board keeps the page as wide as the screen, and the applicant opens on screen', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    // The last column but one, far beyond a phone's right edge.
    await adminApi.setStatus(applicant.id, 'rejected');
    await openApplicants(page, adminApi.tag);
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    const card = page.locator(`[data-board-card="${applicant.id}"]`);
    await expect(card).toBeVisible();
    const screen = page.viewportSize();
    if (!screen) throw new Error('no viewport');
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(screen.width);

    await card.getByRole('button', { name: `View ${applicant.name}` }).click();
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    if (!box) throw new Error('the dialog has no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
  });

  test(
    'drags a card to Interview with the mouse; a drop on Rejected asks for the reason',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi, axe }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await drag(
        page,
        column(page, 'pending').getByRole('button', { name: `Move ${applicant.name}` }),
        column(page, 'interview'),
      );
      await expect(admin.toast('Applicant moved to Interview')).toBeVisible();
      await expect(column(page, 'interview').getByRole('button', { name: `Move ${applicant.name}` })).toBeVisible();

      // Rejected starts beyond the right edge at 1280 px: scrolled into view first, as a person would.
      await column(page, 'rejected').scrollIntoViewIfNeeded();
      await drag(
        page,
        column(page, 'interview').getByRole('button', { name: `Move ${applicant.name}` }),
        column(page, 'rejected'),
      );
      const dialog = page.getByRole('dialog', { name: `Move ${applicant.name}` });
      await expect(dialog.getByLabel('Reason')).toBeVisible();
      expect(await axe('dialog')).toEqual([]);
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(dialog.getByText('Choose a reason for rejecting')).toBeVisible();
      await dialog.getByLabel('Reason').selectOption({ label: 'Skills do not match the role' });
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(admin.toast('Applicant moved to Rejected')).toBeVisible();
      await expect(column(page, 'rejected').getByRole('button', { name: `Move ${applicant.name}` })).toBeVisible();
    },
  );

  test('bulk-rejects three applicants with the rejection template', async ({ loggedInPage: page, adminApi, axe }) => {
    const job = await adminApi.createJob();
    const people = [
      await adminApi.seedApplicant({ job }),
      await adminApi.seedApplicant({ job }),
      await adminApi.seedApplicant({ job }),
    ];
    const admin = await openApplicants(page, adminApi.tag);
    // A click, then a shift-click on the last: all three.
    // Newest first: the last seeded is the first card.
    await page.getByRole('checkbox', { name: `Select ${people[2]?.name}` }).click();
    await page.getByRole('checkbox', { name: `Select ${people[0]?.name}` }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('3 applicants selected')).toBeVisible();
    expect(await axe('main')).toEqual([]);

    await bar.getByRole('button', { name: 'Move to stage…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 3 applicants' });
    await dialog.getByLabel('Stage').selectOption({ label: 'Rejected' });
    await dialog.getByLabel('Reason').selectOption({ label: 'The position has been filled' });
    await dialog.getByLabel('Mail to the applicant').selectOption({ label: 'Template: Rejection' });
    await expect(dialog.getByText(/^Subject: Your application for/)).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const done = admin.toast('3 rejected · 3 mails queued');
    await expect(done).toBeVisible();
    const statuses = async () =>
      (await adminApi.applicants()).filter((a) => people.some((p) => p.id === a.id)).map((a) => a.status);
    await expect.poll(statuses).toEqual(['rejected', 'rejected', 'rejected']);

    // Undo, while the mails wait (axe comes after: on a slow machine it outlasts the undo window).
    await undoIn(done).click();
    await expect(admin.toast('Undone: 3 applicants back where they were, 3 mails withdrawn')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
    await expect.poll(statuses).toEqual(['pending', 'pending', 'pending']);
    expect(await axe('main')).toEqual([]);
    await expect(page.getByRole('checkbox', { name: `Select ${people[0]?.name}` })).toBeVisible();
  });
});

test('an open applicant has an address, and Previous and Next walk the applicants shown', async ({
  loggedInPage: page,
  adminApi,
}) => {
  const job = await adminApi.createJob();
  for (let i = 0; i < 3; i++) await adminApi.seedApplicant({ job });
  await openApplicants(page, adminApi.tag);
  const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  const [firstName = '', secondName = ''] = await cards.evaluateAll((articles) =>
    articles.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''),
  );

  await cards.nth(0).getByRole('button', { name: /^View/ }).click();
  let dialog = page.getByRole('dialog', { name: firstName });
  await expect(dialog).toBeVisible();
  const first = new URL(page.url()).searchParams.get('applicant');
  expect(first).toMatch(/^\d+$/);
  const steps = dialog.getByRole('navigation', { name: 'Applicants shown' });
  await expect(steps).toContainText('1 of 3');
  await expect(steps.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await steps.getByRole('button', { name: 'Next' }).click();
  dialog = page.getByRole('dialog', { name: secondName });
  await expect(dialog.getByRole('navigation', { name: 'Applicants shown' })).toContainText('2 of 3');
  await expect.poll(() => new URL(page.url()).searchParams.get('applicant')).not.toBe(first);

  // The address opens the same applicant after a reload.
  await page.reload();
  await expect(page.getByRole('dialog', { name: secondName })).toBeVisible();
  await page
    .getByRole('dialog', { name: secondName })
    .getByRole('navigation', { name: 'Applicants shown' })
    .getByRole('button', { name: 'Previous' })
    .click();
  dialog = page.getByRole('dialog', { name: firstName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).searchParams.has('applicant')).toBe(false);
});
