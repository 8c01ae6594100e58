/**
 * An editor's round trip, on a copy of the project: two articles are created through Keystatic's UI
 * in `astro dev` (one published, with a hero image uploaded; one a draft), existing articles are
 * saved through it again, and dev shows the new ones (the draft, and the scheduled example, with a
 * banner) and renders the first with its reading time, table of contents, tags and related articles.
 * That a production build leaves drafts and scheduled posts out is tested without a build of the copy:
 * tests/unit/articles.test.ts (the rule) and tests/site/blog.test.ts (the scheduled example in dist/).
 *
 * Run by `npm test` (scripts/test.ts) with playwright.dev.config.ts; alone: `npm run test:dev`.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/free-port';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const astro = join(projectRoot, 'node_modules/astro/bin/astro.mjs');

/** What the copy needs to run and build the site (not the server, tests or scripts). */
const COPIED = [
  'astro.config.mjs',
  'keystatic.config.ts',
  'tailwind.config.mjs',
  'tsconfig.json',
  'package.json',
  'src',
  'content',
  'public',
];

const PUBLISHED = {
  title: 'Quantising a detector for a microcontroller',
  slug: 'quantising-a-detector-for-a-microcontroller',
  draft: false,
};
const DRAFT = {
  title: 'A draft about pruning that nobody may see',
  slug: 'a-draft-about-pruning-that-nobody-may-see',
  draft: true,
};
/** content/articles' scheduled example, dated after every build. */
const SCHEDULED = { slug: 'example-scheduled-article', date: '1 January 2099' };
const SECTIONS = ['Why the budget comes first', 'Calibrating on your own data', 'Measuring on the board'];
const PUBLISHED_ON = '2026-01-15';
const UPDATED_ON = '2026-02-03';
// After every article's publication date (the schema refuses an update before it).
const RESAVED_ON = '2026-11-20';

let copy = '';
let dev: ChildProcess | undefined;
let baseURL = '';
let devLog = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = mkdtempSync(join(tmpdir(), 'edgecraft-keystatic-'));
  for (const entry of COPIED) cpSync(join(projectRoot, entry), join(copy, entry), { recursive: true });
  symlinkSync(realpathSync(join(projectRoot, 'node_modules')), join(copy, 'node_modules'));

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, [astro, 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  dev.stdout?.on('data', (chunk: Buffer) => (devLog += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (devLog += chunk.toString()));
  await expect
    .poll(
      async () => {
        // A dev server that exited never answers: say why at once instead of waiting out the poll.
        if (dev?.exitCode !== null) throw new Error(`astro dev exited (${dev?.exitCode}):\n${devLog}`);
        try {
          return (await fetch(`${baseURL}/keystatic`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Adds one item to a Keystatic list field ("Tags", "Written for") through its dialog. */
async function addItem(page: Page, list: string, value: string): Promise<void> {
  await page
    .getByRole('group', { name: new RegExp(`^${list}`) })
    .getByRole('button', { name: 'Add' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill(value);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Fills Keystatic's create form for an article, as an editor does, and saves it. */
async function createArticle(page: Page, article: typeof PUBLISHED, hero?: { name: string; buffer: Buffer }) {
  await page.goto(`${baseURL}/keystatic/collection/articles/create`);
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeVisible({ timeout: 120_000 });
  // The form starts over when Keystatic's reading of the files arrives: fill it after that.
  await page.waitForLoadState('networkidle');

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(article.title);
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(article.slug);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('How we take a person detector to an INT8 model that fits in 512 KB of RAM, step by step.');
  if (hero) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: 'Hero image' }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: hero.name, mimeType: 'image/svg+xml', buffer: hero.buffer });
    await page
      .getByRole('textbox', { name: 'Hero image alt text', exact: true })
      .fill('A detector network shrinking from 32-bit to 8-bit weights on its way to a microcontroller.');
  }
  await page.getByRole('textbox', { name: 'Publish date', exact: true }).fill(PUBLISHED_ON);
  await page.getByRole('textbox', { name: 'Updated', exact: true }).fill(UPDATED_ON);
  if (article.draft) await page.getByRole('checkbox', { name: /^Draft/ }).check();
  await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Model Optimisation Team');
  await addItem(page, 'Tags', 'Edge AI');
  await addItem(page, 'Tags', 'Quantisation');
  await addItem(page, 'Written for', 'Embedded engineers');

  const cta = page.getByRole('group', { name: /^Call to action/ });
  await cta
    .getByRole('textbox', { name: 'Heading', exact: true })
    .fill('Bring your detector to the Early Access Program');
  await cta
    .getByRole('textbox', { name: 'Lead text', exact: true })
    .fill('Tell us your model, your board and your budget.');
  await cta.getByRole('textbox', { name: 'Button label', exact: true }).fill('Apply for early access');
  await cta
    .getByRole('textbox', { name: 'Contact form subject', exact: true })
    .fill('Early Access Program: quantisation');

  // The body, typed as Markdown: "## " starts a section.
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await body.click();
  const words = 'Every layer of the network has to fit the budget of the part, and the budget decides the precision. ';
  /** Pastes a paragraph, waiting until the editor holds it before the next key. */
  const paragraph = async (text: string) => {
    await page.keyboard.insertText(text);
    await expect(body.locator('p').last()).toHaveText(text.trim());
    await page.keyboard.press('Enter');
  };
  await paragraph(words.repeat(3));
  for (const section of SECTIONS) {
    // The block menu, as an editor picks a heading level.
    await page.getByRole('button', { name: /Text block/ }).click();
    await page.getByRole('option', { name: 'Heading 2' }).click();
    await body.focus();
    await page.keyboard.type(section);
    await expect(body.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await page.keyboard.press('Enter');
    await paragraph(words.repeat(8));
  }
  await page.keyboard.type('See [how we measure](/methodology#speed)');

  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(article.title);
  // A reload of the tab would drop this mark (Astro reloads the site's open pages when an article changes).
  await page.evaluate(() => Object.assign(window, { editorTab: 'kept' }));
  await create.click();
  await expect(page).toHaveURL(new RegExp(`/keystatic/collection/articles/item/${article.slug}$`), {
    timeout: 30_000,
  });
  // Saved: Keystatic shows the entry with its Save button.
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const file = join(copy, 'content/articles', `${article.slug}.mdx`);
  await expect.poll(() => (existsSync(file) ? readFileSync(file, 'utf8') : '')).toContain(`title: ${article.title}\n`);
  // Once dev serves the new article its content store has changed, and the site's pages were told to reload.
  await expect.poll(async () => (await page.request.get(`${baseURL}/${article.slug}`)).status()).toBe(200);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { editorTab?: string }).editorTab), 'the tab was not reloaded').toBe(
    'kept',
  );
  return readFileSync(file, 'utf8');
}

/** Opens an existing article in Keystatic, sets its Updated date and saves it: Keystatic rewrites the whole file. */
async function resave(editor: Page, slug: string): Promise<string> {
  const file = join(copy, 'content/articles', `${slug}.mdx`);
  const before = readFileSync(file, 'utf8');
  // A tab per article, as the previous one may still be settling after its save.
  const page = await editor.context().newPage();
  await page.goto(`${baseURL}/keystatic/collection/articles/item/${slug}`);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Updated', exact: true }).fill(RESAVED_ON);
  await save.click();
  // Keystatic writes the file in place: it can be read empty, or half written, on the way.
  await expect.poll(() => readFileSync(file, 'utf8')).toContain(`updatedDate: ${RESAVED_ON}`);
  await page.waitForLoadState('networkidle');
  await page.close();
  const after = readFileSync(file, 'utf8');
  expect(after).not.toBe(before);
  return after;
}

test('an article written in Keystatic is previewed in dev with its reading time, contents, tags and related articles', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="540" viewBox="0 0 1200 540"><rect width="1200" height="540" fill="#0b1020"/></svg>',
  );

  await test.step('Keystatic writes the frontmatter the schema asks for and keeps the image in public/images', async () => {
    const source = await createArticle(page, PUBLISHED, { name: 'detector.svg', buffer: svg });
    expect(source).toMatch(/^---\ntitle: Quantising a detector for a microcontroller\n/);
    expect(source).toContain(`heroImage: /images/articles/${PUBLISHED.slug}/heroImage.svg`);
    expect(source).toMatch(/\ndraft: false\n/);
    expect(source).toMatch(/\n## Calibrating on your own data\n/);
    // Each paragraph was typed with a space after its last word, which Keystatic's writer encodes.
    expect(source).toMatch(/precision\.\n/);
    expect(source).not.toContain('&#x20;');
    expect(existsSync(join(copy, `public/images/articles/${PUBLISHED.slug}/heroImage.svg`))).toBe(true);

    const draft = await createArticle(page, DRAFT);
    expect(draft).toMatch(/\ndraft: true\n/);
  });

  await test.step('existing articles saved through Keystatic keep their figures, tables, code and components', async () => {
    // eip: a Markdown table, a Figure and a BenchmarkTable; biis: a code block; ipg: the effort chart.
    for (const slug of ['eip', 'biis', 'ipg']) {
      const source = await resave(page, slug);
      expect(source, slug).toContain(`updatedDate: ${RESAVED_ON}`);
    }
  });

  await test.step('dev shows both, the draft with its banner', async () => {
    // A tab of its own: the editor's tab may still be finishing its own navigation after the save.
    const site = await page.context().newPage();
    // Astro's content store has read each file before Keystatic's save answered (and the scheduled post long since).
    await site.goto(`${baseURL}/${DRAFT.slug}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(DRAFT.title);
    await expect(site.getByTestId('draft-banner')).toContainText('Draft');
    await site.goto(`${baseURL}/${SCHEDULED.slug}`);
    await expect(site.getByTestId('draft-banner')).toContainText('Scheduled');
    await expect(site.getByTestId('draft-banner')).toContainText(SCHEDULED.date);
    await site.goto(`${baseURL}/${PUBLISHED.slug}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED.title);
    await expect(site.getByTestId('draft-banner')).toHaveCount(0);
    await site.goto(`${baseURL}/blogs`);
    await expect(site.getByTestId('blog-post').filter({ hasText: DRAFT.title }).getByTestId('draft-badge')).toHaveText(
      'Draft',
    );
  });

  await test.step('dev renders the article with reading time, contents, tags and related articles', async () => {
    /** A page's HTML as dev renders it, less the source location dev adds to each element. */
    const html = async (path: string) => {
      const response = await page.request.get(`${baseURL}${path}`);
      expect(response.status(), path).toBe(200);
      return (await response.text()).replace(/ data-astro-source-(file|loc)="[^"]*"/g, '');
    };
    const article = await html(`/${PUBLISHED.slug}`);
    expect(article).toMatch(/\d+ min read/);
    expect(article).toContain('aria-label="On this page"');
    // The contents' links (TocList.astro) keep the spaces around their text.
    for (const section of SECTIONS) expect(article).toMatch(new RegExp(`>\\s*${section}\\s*</a>`));
    expect(article).toContain('href="/tags/quantisation"');
    expect(article).toMatch(/<section aria-labelledby="related-title"[\s\S]*?href="\/(ipg|edgeai|eip|mlops|biis)"/);
    expect(article).toContain(`src="/images/articles/${PUBLISHED.slug}/heroImage.svg"`);
    expect(article).toContain(`"datePublished":"${PUBLISHED_ON}"`);
    expect(article).toContain(`"dateModified":"${UPDATED_ON}"`);
    expect(article).toContain(`Updated <time datetime="${UPDATED_ON}">`);
    expect(await html('/tags/quantisation')).toContain(`href="/${PUBLISHED.slug}"`);
    const rss = await html('/rss.xml');
    expect(rss).toContain(`/${PUBLISHED.slug}</link>`);
    expect(rss).toContain('<atom:updated>');
    expect(await html('/blogs')).toContain(PUBLISHED.title);

    // The articles Keystatic rewrote render what they rendered before.
    const eip = await html('/eip');
    expect(eip.match(/<table/g)?.length, 'eip: its comparison and its benchmark table').toBe(2);
    expect(eip).toContain('src="/images/articles/eip/eip-pathways.svg"');
    expect(eip).toContain(`"dateModified":"${RESAVED_ON}"`);
    expect(await html('/biis')).toMatch(/<pre[^>]*><code[^>]*>[\s\S]*#include &lt;iis\/mqtt\.h&gt;/);
    expect(await html('/ipg')).toContain('Workflow effort split');
  });
});

/** Every page, article and row of the content, as Keystatic's address for it. */
const ENTRIES = ['articles', 'products', 'verticals', 'pages', 'hardware', 'benchmarks'].flatMap((collection) =>
  readdirSync(join(projectRoot, 'content', collection))
    .filter((name) => /\.(mdx|yaml)$/.test(name))
    .map((name) => `${collection}/item/${name.replace(/\.(mdx|yaml)$/, '')}`),
);

// A test per entry: each is a fresh load of Keystatic's UI, within the configured limit, and a failure names it.
for (const entry of ENTRIES) {
  test(`${entry} opens in Keystatic`, async ({ page }) => {
    await page.goto(`${baseURL}/keystatic/collection/${entry}`);
    const save = page.getByRole('button', { name: 'Save' });
    const error = page.getByText(/^Error: /);
    await expect(save.or(error)).toBeVisible({ timeout: 60_000 });
    expect((await error.isVisible()) ? (await error.innerText()).slice(0, 300) : '').toBe('');
  });
}

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('astro dev output', { body: devLog.slice(-8000) });
  if (process.env['DEV_LOG']) (await import('node:fs')).writeFileSync(process.env['DEV_LOG'], devLog);
});
