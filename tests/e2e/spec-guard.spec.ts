/**
 * The spec's home page, header, careers page and applicant status rules, walked in one place so that
 * no later change drops one unnoticed: in both themes, at 1280 px (desktop) and 390 px (mobile).
 */
import type { Page } from '@playwright/test';
import { site } from '~/site';
import { colour } from '../../src/styles/palette';
import type { ResolvedTheme } from '../../src/lib/theme';
import { HOME_INDUSTRIES } from '../helpers/site-pages';
import { adminTest, expect } from './admin-fixtures';
import { hydrate } from './fixtures';
import { AdminPage } from './pages/AdminPage';

const THEMES: ResolvedTheme[] = ['light', 'dark'];
/** The home page's sections after the header, in the spec's order, by their anchors. */
const HOME_ANCHORS = ['benefits', 'platform', 'offerings', 'industries', 'recognition', 'contact'];

/** The badge colours the spec names: pending yellow, shortlisted green, rejected red. */
const BADGE_HUES = { pending: 'amber', shortlisted: 'emerald', rejected: 'rose' } as const;

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The applicants tab showing only this test's applicants (desktop and mobile share one database). */
async function applicantsOf(page: Page, tag: string): Promise<AdminPage> {
  await page.route('**/api/applicants', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { applicants: { name: string }[] };
    await route.fulfill({ response, json: { applicants: body.applicants.filter((a) => a.name.startsWith(tag)) } });
  });
  const admin = new AdminPage(page);
  await admin.goto('Applicants');
  return admin;
}

for (const theme of THEMES) {
  adminTest.describe(`the spec's rules, ${theme} theme`, () => {
    adminTest.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
    });

    adminTest(
      'home: header, the sections and anchors in order, the six industries, Recognised By, footer; axe finds nothing',
      async ({ page, axe }) => {
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const order = await page.evaluate(() => {
          const header = document.querySelector('#site-header') as Element;
          const footer = document.querySelector('footer') as Element;
          const ids = [...document.querySelectorAll('main [id]')].map((el) => el.id);
          const inside = (a: Element, b: Element) =>
            Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
          return {
            ids,
            headerFirst: inside(header, document.querySelector('main') as Element),
            footerLast: inside(document.querySelector('main') as Element, footer),
          };
        });
        expect(order.ids.filter((id) => HOME_ANCHORS.includes(id))).toEqual(HOME_ANCHORS);
        expect(order).toMatchObject({ headerFirst: true, footerLast: true });
        await expect(page.locator('#platform h2')).toBeVisible();
        await expect(page.locator('#offerings .eyebrow')).toHaveText('Customer Offerings');
        await expect(page.locator('#industries .eyebrow')).toHaveText('Industries');
        await expect(page.locator('#industries h3')).toHaveText(HOME_INDUSTRIES.map(([name]) => name));
        for (const [name, href] of HOME_INDUSTRIES) {
          await expect(page.locator('#industries').getByRole('link', { name, exact: true })).toHaveAttribute(
            'href',
            href,
          );
        }
        await expect(page.locator('#recognition').getByRole('heading', { level: 2 })).toHaveText('Recognised By');
        await expect(page.locator('#contact .eyebrow')).toHaveText('Contact Us');
        expect(await axe()).toEqual([]);
      },
    );

    adminTest(
      'header: Developer Portal, Careers and Contact Us at 1280 px; Toggle navigation at 390 px',
      async ({ page, isNarrow }) => {
        await page.goto('/');
        const toggler = page.getByRole('button', { name: 'Toggle navigation' });
        const links = isNarrow ? page.locator('#navbar-collapse') : page.getByRole('navigation', { name: 'Main' });
        if (isNarrow) {
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
          await toggler.click();
          await expect(links).toHaveAttribute('data-state', 'expanded');
        } else {
          await expect(toggler).toBeHidden();
        }
        // The external portal once it is open; until then the page that says when it opens.
        const portal = links.getByRole('link', { name: /^Developer Portal/ });
        if (site.developerPortalUrl) {
          await expect(portal).toHaveAccessibleName('Developer Portal (opens in a new tab)');
          await expect(portal).toHaveAttribute('href', site.developerPortalUrl);
          await expect(portal).toHaveAttribute('target', '_blank');
        } else {
          await expect(portal).toHaveAttribute('href', '/developers');
        }
        await expect(links.getByRole('link', { name: 'Careers', exact: true })).toHaveAttribute('href', '/career');
        await links.getByRole('link', { name: 'Contact Us', exact: true }).click();
        await expect(page.locator('#contact')).toBeInViewport();
        if (isNarrow) await expect(links).toHaveAttribute('data-state', 'collapsed');
      },
    );

    adminTest(
      'product cards: the hovered card has flex 3 and the others 1 from 768 px; on a phone each shows its description',
      async ({ page, isNarrow }) => {
        await page.goto('/');
        await hydrate(page, 'a[href="/iip"]');
        const cards = page.locator('#platform li');
        await expect(cards.locator('a')).toHaveText([
          /^Intelligent Pipeline Generator/,
          /^Intelligent Edge ML Ops/,
          /^Intelligent IoT SDK/,
        ]);
        if (isNarrow) {
          for (const card of await cards.all()) await expect(card.locator('a > span').nth(1)).toBeVisible();
          return;
        }
        expect((await page.locator('#platform ul').boundingBox())?.height).toBe(384);
        const grows = () => cards.evaluateAll((items) => items.map((li) => getComputedStyle(li).flexGrow));
        for (const [index, expected] of [
          [0, ['3', '1', '1']],
          [2, ['1', '1', '3']],
        ] as const) {
          await cards.nth(index).hover();
          await expect.poll(grows).toEqual(expected);
        }
        await page.mouse.move(5, 5);
        await expect.poll(grows).toEqual(['1', '1', '1']);
      },
    );

    adminTest(
      "/career: 'Get in Touch' goes to /#contact, beside the open application; axe finds nothing",
      async ({ page, axe }) => {
        await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
        await page.goto('/career');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Our Team');
        await expect(page.getByText('No open positions at the moment. Check back soon!')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Send an open application' })).toBeVisible();
        const touch = page.getByRole('link', { name: 'Get in Touch', exact: true });
        await expect(touch).toHaveAttribute('href', '/#contact');
        expect(await axe()).toEqual([]);
        await touch.click();
        await expect(page).toHaveURL(/\/#contact$/);
      },
    );

    adminTest(
      'applicant status: Shortlist, Undo Shortlist, Reject with a reason and Undo Rejection, on the card and in the dialog, with their messages and badge colours',
      async ({ loggedInPage: page, adminApi, axe }) => {
        const job = await adminApi.createJob();
        const applicant = await adminApi.seedApplicant({ job });
        const admin = await applicantsOf(page, adminApi.tag);
        const card = admin.applicantCard(applicant.name);
        const expectStatus = async (scope: typeof card, label: string, status: keyof typeof BADGE_HUES) => {
          // One status in view: the one of the application shown.
          const badge = scope.getByText(/^Status: \S/);
          await expect(badge).toHaveCount(1);
          await expect(badge).toHaveText(`Status: ${label}`);
          await expect(badge.locator('xpath=..')).toHaveCSS(
            'background-color',
            rgb(colour(theme, BADGE_HUES[status], '300')),
          );
        };
        const button = (scope: typeof card, name: string) =>
          scope.getByRole('button', { name: new RegExp(`^${name} `) });

        // On the card: Shortlist, then Undo Shortlist.
        await expectStatus(card, 'Pending', 'pending');
        await button(card, 'Shortlist').click();
        await expect(admin.toast('Applicant shortlisted successfully!')).toBeVisible();
        await expectStatus(card, 'Shortlisted', 'shortlisted');
        await expect(button(card, 'Shortlist')).toHaveCount(0);
        await button(card, 'Undo Shortlist').click();
        await expect(admin.toast('Applicant reverted to pending successfully!')).toBeVisible();
        await expectStatus(card, 'Pending', 'pending');

        // In the dialog: Reject asks for the reason; the open dialog's status changes in place.
        await card.getByRole('button', { name: /^View/ }).click();
        const dialog = page.getByRole('dialog', { name: applicant.name, exact: true });
        await expectStatus(dialog, 'Pending', 'pending');
        await button(dialog, 'Reject').click();
        const reject = page.getByRole('dialog', { name: `Move ${applicant.name}` });
        await reject.getByRole('button', { name: 'Reject', exact: true }).click();
        await expect(reject.getByText('Choose a reason for rejecting')).toBeVisible();
        await reject.getByLabel('Reason').selectOption({ label: 'Another candidate was a closer fit' });
        await reject.getByRole('button', { name: 'Reject', exact: true }).click();
        await expect(admin.toast('Applicant rejected successfully!')).toBeVisible();
        await expectStatus(dialog, 'Rejected', 'rejected');
        await expect(button(dialog, 'Move…')).toBeVisible();
        expect(await axe('dialog')).toEqual([]);
        await button(dialog, 'Undo Rejection').click();
        await expect(admin.toast('Applicant reverted to pending successfully!')).toBeVisible();
        await expectStatus(dialog, 'Pending', 'pending');
        expect((await adminApi.applicants()).find((a) => a.id === applicant.id)?.status).toBe('pending');

        // A refused change keeps the status and says so.
        await page.route('**/api/applicants/*/status', (route) =>
          route.fulfill({ status: 500, json: { message: 'x' } }),
        );
        await button(dialog, 'Shortlist').click();
        await expect(admin.toast('Failed to update status', 'error')).toBeVisible();
        await expectStatus(dialog, 'Pending', 'pending');
      },
    );
  });
}
