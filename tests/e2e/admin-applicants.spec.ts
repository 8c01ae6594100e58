import { readFile } from 'node:fs/promises';
import { formatDateTime } from '../../src/lib/date-time';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage, openApplicants } from './pages/AdminPage';
import { holdRoute } from './held-route';

const CONFIRM_DELETE = 'Are you sure you want to delete this applicant?';

/**
 * Desktop and mobile share one database and run in parallel: the dashboard is shown only this
 * test's applicants (names start with its unique tag). The data is the real server's answer.
 */
const actionButtons = /^Move…/;

test.describe('admin applicants', () => {
  test(
    'moves an applicant through the stages with the move dialog; rejecting needs a reason',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);
      const card = admin.applicantCard(applicant.name);
      const badge = card.getByText(/^(Status: )?(Pending|Shortlisted|Interview|Offer|Hired|Rejected)$/);
      await expect(badge).toHaveText(/Pending$/);

      const moveTo = async (stage: string, reason?: string) => {
        await card.getByRole('button', { name: /^Move…/ }).click();
        const dialog = page.getByRole('dialog', { name: `Move ${applicant.name}` });
        await dialog.getByLabel('Stage').selectOption({ label: stage });
        if (reason) await dialog.getByLabel('Reason').selectOption({ label: reason });
        await dialog.getByRole('button', { name: stage === 'Rejected' ? 'Reject' : `Move to ${stage}` }).click();
        await expect(admin.toast(`Applicant moved to ${stage}`)).toBeVisible();
        await expect(badge).toHaveText(new RegExp(`${stage}$`));
      };
      await moveTo('Shortlisted');
      await moveTo('Rejected', 'Another candidate was a closer fit');
      await moveTo('Offer');
      expect((await adminApi.applicants()).find((a) => a.id === applicant.id)?.status).toBe('offer');
    },
  );

  test(
    "a refused status change shows 'Failed to update status' and keeps the status",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*/status', (route) =>
        route.fulfill({ status: 409, json: { message: 'Cannot change status from rejected to shortlisted' } }),
      );
      const admin = await openApplicants(page, adminApi.tag);
      const card = admin.applicantCard(applicant.name);
      await card.getByRole('button', { name: /^Move…/ }).click();
      await page.getByRole('button', { name: 'Move to Shortlisted' }).click();
      await expect(admin.toast('Failed to update status', 'error')).toBeVisible();
      await expect(card.getByText(/^(Status: )?Pending$/)).toBeVisible();
    },
  );

  test(
    'counters, case-insensitive search by name, email or job title, and both filters combined',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const tag = adminApi.tag;
      const rover = await adminApi.createJob({ title: `${tag} Rover Firmware Engineer` });
      const vision = await adminApi.createJob({ title: `${tag} Vision Researcher` });
      const ada = await adminApi.seedApplicant({
        job: rover,
        name: `${tag} Ada Lovelace`,
        email: `${tag.toLowerCase()}.ada@example.org`,
      });
      const grace = await adminApi.seedApplicant({ job: rover, name: `${tag} Grace Hopper` });
      const alan = await adminApi.seedApplicant({ job: vision, name: `${tag} Alan Turing` });
      const edsger = await adminApi.seedApplicant({ job: vision, name: `${tag} Edsger Dijkstra` });
      await adminApi.setStatus(grace.id, 'shortlisted');
      await adminApi.setStatus(alan.id, 'rejected');

      const admin = await openApplicants(page, tag);
      await expect(admin.tab('Applicants')).toHaveText('Applicants (4)');
      await expect(admin.counter('Total Applications')).toHaveText('4');
      await expect(admin.counter('Pending')).toHaveText('2');
      await expect(admin.counter('Shortlisted')).toHaveText('1');
      await expect(admin.counter('Rejected')).toHaveText('1');
      await expect(
        page.getByText('4 applications in the last 12 weeks. This week: 4, up from 0 last week.', { exact: false }),
      ).toBeVisible();

      const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('article');
      const names = (...people: { name: string }[]) => people.map((p) => new RegExp(p.name));

      await admin.search('ada LOVELACE');
      await expect(cards).toHaveText(names(ada));
      await admin.search(`${tag.toUpperCase()}.ADA@EXAMPLE`);
      await expect(cards).toHaveText(names(ada));
      await admin.search('vision researcher');
      await expect(cards).toHaveText(names(edsger, alan));
      // Each card says where the words matched.
      await expect(cards.first().locator('[data-match]')).toHaveText(
        /^In the cover letter: .*build .*Vision Researcher/i,
      );
      await expect(page.getByText('Showing 2 of 4 applicants')).toBeVisible();

      await admin.search('');
      await admin.filterStatus('Pending');
      await expect(cards).toHaveText(names(edsger, ada));
      await admin.filterJob(rover.title);
      await expect(cards).toHaveText(names(ada));
      await admin.filterStatus('Rejected');
      await expect(page.getByText('No applicants found')).toBeVisible();
      await admin.filterJob(vision.title);
      await expect(cards).toHaveText(names(alan));
      await admin.search('grace');
      await expect(page.getByText('No applicants found')).toBeVisible();
      await admin.filterStatus('All Status');
      await admin.filterJob('All Jobs');
      await expect(cards).toHaveText(names(grace));

      // An empty result offers the way back; the search box takes the focus from the button that goes.
      await admin.search('no such applicant');
      await admin.filterStatus('Rejected');
      await expect(page.getByText('No applicants found')).toBeVisible();
      await page.getByRole('button', { name: 'Clear search and filters' }).click();
      await expect(cards).toHaveCount(4);
      const search = page.getByRole('searchbox', { name: 'Search applicants' });
      await expect(search).toHaveValue('');
      await expect(search).toBeFocused();
      await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('all');
    },
  );

  test('the detail dialog shows every field, keeps the cover letter as text and updates its status live', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob({ department: `${adminApi.tag} Robotics` });
    const coverLetter =
      'Dear team,\n<script>window.__pwned = true</script>\n<b>not bold</b>\n\nI ported YOLO to INT8 on three edge modules.';
    const applicant = await adminApi.seedApplicant({ job, linkedin: 'linkedin.com/in/ada-lovelace', coverLetter });
    const admin = await openApplicants(page, adminApi.tag);
    await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();

    const dialog = admin.dialog;
    await expect(dialog.getByRole('heading', { name: applicant.name, level: 2 })).toBeVisible();
    await expect(dialog.getByText(job.title).first()).toBeVisible();
    await expect(dialog.getByRole('link', { name: applicant.email })).toHaveAttribute(
      'href',
      `mailto:${applicant.email}`,
    );
    await expect(dialog.getByRole('link', { name: applicant.phone })).toHaveAttribute(
      'href',
      `tel:${applicant.phone.replaceAll(' ', '')}`,
    );
    const profile = dialog.getByRole('link', { name: /^View Profile/ });
    await expect(profile).toHaveAttribute('href', 'https://linkedin.com/in/ada-lovelace');
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.locator('dt:text-is("Applied on") + dd')).toHaveText(formatDateTime(applicant.appliedAt));
    await expect(dialog.getByText(`${adminApi.tag} Robotics`)).toBeVisible();

    const letter = dialog.getByText(/^Dear team,/);
    expect(await letter.innerText()).toBe(coverLetter);
    await expect(dialog.locator('script, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // Scrolls within 90vh.
    const maxHeight = await dialog.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(parseFloat(maxHeight)).toBeCloseTo((page.viewportSize()?.height ?? 0) * 0.9, 0);

    await dialog.getByRole('button', { name: actionButtons }).click();
    const move = page.getByRole('dialog', { name: `Move ${applicant.name}` });
    await move.getByLabel('Stage').selectOption({ label: 'Rejected' });
    await move.getByLabel('Reason').selectOption({ label: 'Another candidate was a closer fit' });
    await move.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(admin.toast('Applicant moved to Rejected')).toBeVisible();
    await expect(dialog.getByText(/^(Status: )?Rejected$/)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(admin.applicantCard(applicant.name).getByText(/^(Status: )?Rejected$/)).toBeVisible();
  });

  test(
    'downloads the resume byte for byte as {name}_Resume.pdf, from the card and from the dialog',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);

      const fromCard = page.waitForEvent('download');
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Resume/ })
        .click();
      const cardDownload = await fromCard;
      expect(cardDownload.suggestedFilename()).toBe(`${applicant.name}_Resume.pdf`);
      expect((await readFile(await cardDownload.path())).equals(applicant.resumeBytes)).toBe(true);

      await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
      const fromDialog = page.waitForEvent('download');
      await admin.dialog.getByRole('button', { name: 'Download Resume' }).click();
      const dialogDownload = await fromDialog;
      expect(dialogDownload.suggestedFilename()).toBe(`${applicant.name}_Resume.pdf`);
      expect((await readFile(await dialogDownload.path())).equals(applicant.resumeBytes)).toBe(true);
    },
  );

  test(
    "a failed download shows 'Failed to download resume'",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*/download', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      const admin = await openApplicants(page, adminApi.tag);
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Resume/ })
        .click();
      await expect(admin.toast('Failed to download resume', 'error')).toBeVisible();
    },
  );

  test(
    'deletes an applicant only after confirmation, from the card and from the dialog',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const first = await adminApi.seedApplicant({ job });
      const second = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);

      const card = admin.applicantCard(first.name);
      await card.getByRole('button', { name: /^Delete/ }).click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /^Delete/ }).click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.toast('Applicant deleted successfully')).toBeVisible();
      await expect(card).toHaveCount(0);

      await admin.applicantCard(second.name).getByRole('button', { name: /^View/ }).click();
      await admin.dialog.getByRole('button', { name: 'Delete application', exact: true }).click();
      await expect(admin.confirmDialog).toContainText(
        `${second.name}'s application for ${job.title} and its resume are deleted for good.`,
      );
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.dialog).toBeHidden();
      await expect(admin.applicantCard(second.name)).toHaveCount(0);
      expect((await adminApi.applicants()).some((a) => a.id === first.id || a.id === second.id)).toBe(false);
    },
  );

  test(
    "a failed delete shows 'Failed to delete applicant' and keeps the card",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*', (route) =>
        route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
      );
      const admin = await openApplicants(page, adminApi.tag);
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.toast('Failed to delete applicant', 'error')).toBeVisible();
      await expect(admin.applicantCard(applicant.name)).toBeVisible();
    },
  );

  test(
    "list states: 'Loading applicants...', 'No applicants found', 'Failed to fetch applicants'",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      // The list answers only once the loading state has been seen.
      const release = await holdRoute(page, '**/api/applicants', (route) =>
        route.fulfill({ json: { applicants: [] } }),
      );
      const admin = new AdminPage(page);
      await admin.goto('Applicants');
      await expect(page.getByText('Loading applicants...')).toBeVisible();
      release();
      await expect(page.getByText('No applicants found')).toBeVisible();
      await expect(page.getByText('No applications in the last 12 weeks.')).toBeVisible();
      for (const counter of ['Total Applications', 'Pending', 'Shortlisted', 'Rejected'] as const) {
        await expect(admin.counter(counter)).toHaveText('0');
      }

      await page.unroute('**/api/applicants');
      await page.route('**/api/applicants', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch applicants' })).toBeVisible({
        timeout: 15_000,
      });
      expect(adminApi.tag).toBeTruthy();
    },
  );

  test('search and filters come first and stay in view while the cards scroll; results are in view at once', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const people = [];
    for (let i = 0; i < 7; i += 1) people.push(await adminApi.seedApplicant({ job }));
    const admin = await openApplicants(page, adminApi.tag);
    const search = page.getByRole('searchbox', { name: 'Search applicants' });
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('article');
    await expect(cards).toHaveCount(7);
    // The first card starts within the first screen, under the filters.
    const first = await cards.first().boundingBox();
    const searchBox = await search.boundingBox();
    expect(first && searchBox && first.y > searchBox.y && first.y < viewport.height - 40).toBe(true);

    // Scrolled far down, the search and both filters stay at the top, under the site header.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = page.locator('#site-header');
    const headerBottom = async () => {
      const box = await header.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    };
    for (const control of [search, page.getByRole('combobox', { name: 'Filter by status' })]) {
      await expect
        .poll(async () => ((await control.boundingBox())?.y ?? -1) - (await headerBottom()))
        .toBeGreaterThanOrEqual(0);
      const box = await control.boundingBox();
      expect(box && box.y + box.height - (await headerBottom()) < 160).toBe(true);
    }
    // ...and still work from there; the shorter list is brought into view.
    await admin.search(people[3]?.email ?? '');
    await expect(cards).toHaveText([new RegExp(people[3]?.name ?? '')]);
    await expect(page.getByText('Showing 1 of 7 applicants')).toBeInViewport();
    await expect(cards.first()).toBeInViewport();
  });

  test('the list keeps the page as wide as the screen', async ({ loggedInPage: page, adminApi }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    const admin = await openApplicants(page, adminApi.tag);
    await expect(admin.applicantCard(applicant.name)).toBeVisible();
    const screen = page.viewportSize();
    if (!screen) throw new Error('no viewport');
    // A card's longest line (its name beside its badge) cannot widen its column past the screen.
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(screen.width);
  });

  test('a card shows the e-mail beside the phone, both as links', async ({ loggedInPage: page, adminApi }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    const admin = await openApplicants(page, adminApi.tag);
    const card = admin.applicantCard(applicant.name);
    const email = card.getByRole('link', { name: applicant.email });
    await expect(email).toHaveAttribute('href', `mailto:${applicant.email}`);
    const phone = card.getByRole('link', { name: applicant.phone });
    await expect(phone).toHaveAttribute('href', `tel:${applicant.phone.replaceAll(' ', '')}`);
    // Side by side where the card is wide enough; on a phone the e-mail may take the next line.
    const [e, p] = [await email.boundingBox(), await phone.boundingBox()];
    if ((page.viewportSize()?.width ?? 0) >= 1024) expect(Math.abs((e?.y ?? 0) - (p?.y ?? 1))).toBeLessThan(2);
    else expect((e?.y ?? 0) - (p?.y ?? 0)).toBeLessThan(30);
  });

  test('the detail dialog shows the cover letter above the fold and a footer that keeps its layout through status changes, their toasts above it', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({
      job,
      coverLetter: 'Dear team,\nI ported YOLO to INT8 on three edge modules.',
    });
    const admin = await openApplicants(page, adminApi.tag);
    await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
    const dialog = admin.dialog;
    await expect(dialog.getByText(/^Dear team,/)).toBeInViewport();
    const footer = dialog.locator('[data-applicant-actions]');
    const move = footer.getByRole('button', { name: actionButtons });
    await expect(move).toBeVisible();
    const download = footer.getByRole('button', { name: 'Download Resume' });
    // Measured once the dialog's opening animation has ended and its consent record has loaded.
    await expect(dialog.getByText(/^Given /)).toBeVisible();
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    // Relative to the dialog: a phone may pan its visual viewport when a toast appears.
    const layout = async () => {
      const [box, f, d] = [await dialog.boundingBox(), await footer.boundingBox(), await download.boundingBox()];
      if (!box || !f || !d) return null;
      return {
        height: Math.round(f.height),
        top: Math.round(f.y - box.y),
        x: Math.round(d.x - f.x),
        y: Math.round(d.y - f.y),
      };
    };
    const before = await layout();
    // Status actions first, then the others; nothing destructive in the footer.
    await expect(footer.getByRole('button')).toHaveText([
      /^Shortlist /,
      /^Reject /,
      actionButtons,
      'Download Resume',
      'Export data',
    ]);

    for (const stage of ['Shortlisted', 'Offer']) {
      await move.click();
      await page
        .getByRole('dialog', { name: `Move ${applicant.name}` })
        .getByLabel('Stage')
        .selectOption({ label: stage });
      await page.getByRole('button', { name: `Move to ${stage}` }).click();
      await expect(dialog.getByText(new RegExp(`^(Status: )?${stage}$`))).toBeVisible();
      expect(await layout()).toEqual(before);
    }
    // The outcome's toast shows inside the dialog, above its actions, never over them.
    const toast = dialog.getByRole('button', { name: 'Dismiss notification' }).locator('..');
    await expect(toast).toBeVisible();
    const [t, f] = [await toast.boundingBox(), await footer.boundingBox()];
    expect(t && f && t.y + t.height <= f.y).toBe(true);
  });

  test(
    'Delete and Erase person sit apart in a danger zone whose confirmations say what is lost',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const other = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await adminApi.seedApplicant({ job: other, name: applicant.name, email: applicant.email });
      const admin = await openApplicants(page, adminApi.tag);
      await admin.applicantCard(applicant.name).first().getByRole('button', { name: /^View/ }).click();
      const zone = admin.dialog.getByRole('region', { name: 'Danger zone' });
      await expect(zone.getByRole('button')).toHaveText(['Delete application', 'Erase person']);
      await expect(zone).toContainText('The 1 other application of this person stays.');

      await zone.getByRole('button', { name: 'Erase person' }).click();
      await expect(admin.confirmDialog).toContainText(
        '2 applications with their resumes, and every contact message of this address, are deleted for good.',
      );
      await admin.answerConfirm(`Erase everything stored about ${applicant.email}?`, 'Cancel');
      await zone.getByRole('button', { name: 'Delete application' }).click();
      await expect(admin.confirmDialog).toContainText('and its resume are deleted for good. This cannot be undone.');
      await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
      expect((await adminApi.applicants()).filter((a) => a.email === applicant.email)).toHaveLength(2);
    },
  );

  test('applicants tab and detail dialog: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job, linkedin: 'https://www.linkedin.com/in/example' });
    await adminApi.seedApplicant({ job });
    await adminApi.setStatus(applicant.id, 'shortlisted');
    const admin = await openApplicants(page, adminApi.tag);
    await page.getByText('Show the numbers').click();
    // From the top: scrolled, a card's link may pass half under the sticky filters, which axe's
    // target-size rule counts against the link.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axe('main')).toEqual([]);
    await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
    await expect(admin.dialog).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
    await admin.dialog.getByRole('region', { name: 'Danger zone' }).scrollIntoViewIfNeeded();
    expect(await axe('dialog')).toEqual([]);
  });
});
