import { E2E_ADMIN } from '../../playwright.config';
import { insertAdmin } from '../../src/server/db';
import { hashPassword } from '../../src/server/services/password';
import { adminTest as test, expect } from './admin-fixtures';
import { startMailServer } from './mail-fixtures';

const PASSWORD = 'member-Password-1357';

test.describe('admin › the team’s two-factor rule', () => {
  test(
    'reaches a member who is already signed in at their next request, without a reload',
    { tag: '@once' },
    async ({ page, request }) => {
      // A server of its own: the rule would stop every other test's admin on the shared one.
      const server = await startMailServer();
      try {
        const member = 'member@example.com';
        const handle = server.openDb();
        try {
          await insertAdmin(handle.db, member, await hashPassword(PASSWORD), new Date(), 'recruiter');
        } finally {
          await handle.close();
        }
        const login = await request.post(`${server.url}/api/admin`, { data: E2E_ADMIN });
        const { token } = (await login.json()) as { token: string };
        const owner = { Authorization: `Bearer ${token}` };
        const created = await request.post(`${server.url}/api/job`, {
          headers: owner,
          data: {
            title: 'Rule Test Engineer',
            department: 'Engineering',
            location: 'Bengaluru, India',
            jobType: 'Full-time',
            description: 'Keeps the firmware of our edge modules small, fast and safe to update in the field.',
            salaryRange: '',
          },
        });
        expect(created.status()).toBe(201);
        await page.goto(`${server.url}/adminlogin`);
        await page.getByLabel('Email').fill(member);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();

        // The owner turns the rule on from elsewhere while the member's dashboard stays open.
        const rule = await request.put(`${server.url}/api/admins/two-factor`, {
          data: { required: true },
          headers: owner,
        });
        expect(rule.status()).toBe(200);

        // The member's next request (the report of one vacancy) is refused, and the dashboard follows.
        await page.getByRole('tab', { name: 'Sources' }).click();
        await page.getByLabel('Vacancy').selectOption({ label: 'Rule Test Engineer' });
        await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 2 })).toBeVisible();
        await expect(page.getByRole('tablist')).toHaveCount(0);
      } finally {
        await server.stop();
      }
    },
  );
});
