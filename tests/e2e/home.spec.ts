import { HOME_INDUSTRIES } from '../helpers/site-pages';
import { expect, hydrate, test } from './fixtures';

// The sections' order and the offerings' links are checked on the built page: tests/site/home.test.ts.
test.describe('home page', () => {
  test('the hero video loops muted and inline with a poster, and starts by itself once the page is idle', async ({
    page,
  }) => {
    await page.goto('/');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('poster', /hero-poster/);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline])).toEqual([true, true, true]);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(true);
  });

  test('the hero video stays a still poster for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('video')).toHaveAttribute('data-hero-video', 'still');
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => [v.autoplay, v.paused])).toEqual([
      false,
      true,
    ]);
  });

  test('industry tiles link to the vertical page that serves each industry', { tag: '@once' }, async ({ page }) => {
    await page.goto('/');
    const links = await page
      .locator('#industries h3 a')
      .evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual(HOME_INDUSTRIES);
    await page.locator('#industries').getByRole('link', { name: 'Robotics & AMR', exact: true }).click();
    await expect(page).toHaveURL(/\/robotics$/);
  });

  test('industry tiles fill every row of their grid: no tile is left alone on a row', async ({ page }) => {
    await page.goto('/');
    const rows = await page.locator('#industries ul').evaluate((list) => {
      const grid = list.getBoundingClientRect();
      const byTop = new Map<number, DOMRect[]>();
      for (const item of list.children) {
        const box = item.getBoundingClientRect();
        byTop.set(Math.round(box.top), [...(byTop.get(Math.round(box.top)) ?? []), box]);
      }
      return [...byTop.values()].map((boxes) => ({
        tiles: boxes.length,
        left: Math.round(Math.min(...boxes.map((box) => box.left)) - grid.left),
        right: Math.round(grid.right - Math.max(...boxes.map((box) => box.right))),
      }));
    });
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row, JSON.stringify(rows)).toMatchObject({ left: 0, right: 0 });
    const counts = rows.map((row) => row.tiles);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  test('loads no island code before the islands scroll into view', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /ProductCards|ContactForm|client\./.test(url))).toEqual([]);
    await hydrate(page, 'a[href="/iip"]');
    expect(scripts.some((url) => /ProductCards/.test(url))).toBe(true);
  });

  test('axe finds no violation with the menu closed and open', async ({ page, axe, isNarrow }) => {
    await page.goto('/');
    expect(await axe()).toEqual([]);
    if (isNarrow) {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.locator('#navbar-collapse')).toHaveAttribute('data-state', 'expanded');
    }
    const nav = page.getByRole('navigation', { name: isNarrow ? 'Mobile' : 'Main' });
    await nav.locator('summary', { hasText: 'Products' }).click();
    await expect(nav.getByRole('link', { name: 'Intelligent IoT SDK' })).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});

test.describe('product cards', () => {
  const cards = '#platform li';

  test('link to /iip, /iem and /iis', async ({ page }) => {
    await page.goto('/');
    await hydrate(page, 'a[href="/iip"]');
    const hrefs = await page.locator(`${cards} a`).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/iip', '/iem', '/iis']);
  });

  test('show their art whole in width (an expanded one from 768 px), in a grid as wide as the sections around it', async ({
    page,
    isNarrow,
  }) => {
    await page.goto('/');
    await hydrate(page, 'a[href="/iip"]');
    if (!isNarrow) {
      await page.locator(cards).first().hover();
      await expect(page.locator(cards).first()).toHaveAttribute('data-expanded', 'true');
      await page
        .locator(cards)
        .first()
        .evaluate((li) => Promise.all(li.getAnimations().map((a) => a.finished)));
    }
    // How wide each card's art is drawn, by its object-fit, against the card's own width.
    const art = await page.locator(`${cards} img`).evaluateAll((images) =>
      images.map((node) => {
        const img = node as HTMLImageElement;
        const fit = getComputedStyle(img).objectFit;
        const scaleX = img.clientWidth / img.naturalWidth;
        const scaleY = img.clientHeight / img.naturalHeight;
        const scale = fit === 'contain' ? Math.min(scaleX, scaleY) : Math.max(scaleX, scaleY);
        return {
          drawn: img.naturalWidth * scale,
          card: (img.parentElement as HTMLElement).getBoundingClientRect().width,
        };
      }),
    );
    expect(art).toHaveLength(3);
    // Within a pixel a side: the card's 1 px border takes its share of the row too.
    for (const { drawn, card } of isNarrow ? art : art.slice(0, 1)) expect(drawn).toBeLessThanOrEqual(card + 2);

    const left = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().left);
    const right = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().right);
    expect(await left('#platform ul')).toBeCloseTo(await left('#offerings ul'), 0);
    expect(await right('#platform ul')).toBeCloseTo(await right('#offerings ul'), 0);
  });

  test.describe('from 768 px', () => {
    test.skip(({ isNarrow }) => isNarrow, 'hover behaviour');

    test('hovering expands one card to flex 3 against 1 and leaving collapses it; the row stays 24rem tall and the art covers every card throughout', async ({
      page,
    }) => {
      await page.goto('/');
      await hydrate(page, 'a[href="/iip"]');
      const row = page.locator('#platform ul');
      // Every frame of the resize, in the page: the row's height and whether any card shows background beside its art.
      await row.evaluate((list) => {
        const seen = { heights: new Set<number>(), uncovered: 0 };
        Object.assign(window, { cardFrames: seen });
        const frame = () => {
          seen.heights.add(Math.round(list.getBoundingClientRect().height));
          for (const li of list.children) {
            const card = li.getBoundingClientRect();
            const art = (li.querySelector('img') as HTMLImageElement).getBoundingClientRect();
            const covers =
              art.left <= card.left + 1 &&
              art.right >= card.right - 1 &&
              art.top <= card.top + 1 &&
              art.bottom >= card.bottom - 1;
            if (!covers) seen.uncovered += 1;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const grows = () => page.locator(cards).evaluateAll((items) => items.map((li) => getComputedStyle(li).flexGrow));
      await page.locator(cards).nth(1).hover();
      await expect.poll(grows).toEqual(['1', '3', '1']);
      await expect(page.locator(`${cards}[data-expanded="true"]`)).toHaveCount(1);
      await expect(
        page
          .locator(cards)
          .nth(1)
          .getByText(/fleets stay accurate/),
      ).toBeVisible();
      await page.locator(cards).nth(2).hover();
      await expect.poll(grows).toEqual(['1', '1', '3']);
      await page.mouse.move(5, 5);
      await expect(page.locator(`${cards}[data-expanded="true"]`)).toHaveCount(0);
      await expect.poll(grows).toEqual(['1', '1', '1']);
      const frames = await page.evaluate(() => {
        const seen = (window as unknown as { cardFrames: { heights: Set<number>; uncovered: number } }).cardFrames;
        return { heights: [...seen.heights], uncovered: seen.uncovered };
      });
      expect(frames).toEqual({ heights: [384], uncovered: 0 });
    });
  });

  test.describe('below 768 px', () => {
    test.skip(({ isNarrow }) => !isNarrow, 'phone layout');

    test('every card shows its description under its art, and a tap opens its product page', async ({ page }) => {
      await page.goto('/');
      await hydrate(page, 'a[href="/iip"]');
      for (const [index, text] of [/Python ML pipeline/, /fleets stay accurate/, /silicon-agnostic/].entries()) {
        const card = page.locator(cards).nth(index);
        await expect(card.getByText(text)).toBeVisible();
        const artBottom = await card.locator('img').evaluate((img) => img.getBoundingClientRect().bottom);
        const titleTop = await card
          .locator('a > span')
          .first()
          .evaluate((el) => el.getBoundingClientRect().top);
        expect(titleTop).toBeGreaterThanOrEqual(artBottom);
      }
      // On the art, above the title: the whole card is the link.
      await page
        .locator(cards)
        .nth(1)
        .tap({ position: { x: 40, y: 40 } });
      await expect(page).toHaveURL(/\/iem\/?$/);
    });
  });

  test('clicking a card navigates to its product page', async ({ page }) => {
    await page.goto('/');
    await hydrate(page, 'a[href="/iis"]');
    await page.locator(cards).nth(2).click();
    await expect(page).toHaveURL(/\/iis\/?$/);
  });

  test('keyboard users reach and open every card', async ({ page }) => {
    await page.goto('/');
    await hydrate(page, 'a[href="/iem"]');
    await page.locator('#platform a[href="/iem"]').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/iem\/?$/);
  });
});

/** WCAG contrast of two sRGB colours given as [r, g, b] in 0–255. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test.describe('home page › hero text over the video', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the figures' note and "Scroll to explore" meet WCAG AA against the pixels behind them in the ${theme} theme`, async ({
      page,
    }) => {
      // The still poster: the same picture every run (the playing video moves the same palette behind the text).
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.locator('video')).toHaveAttribute('data-hero-video', 'still');
      for (const note of await page.locator('[data-hero-note]:visible').all()) {
        await note.scrollIntoViewIfNeeded();
        // Each colour of text in the note (its words and its link), then the background with the text taken away.
        const colours = await note.evaluate((element) => {
          const parts = [element, ...element.querySelectorAll<HTMLElement>('*')];
          const found = parts.map((part) => getComputedStyle(part).color);
          for (const part of parts) {
            part.style.color = 'transparent';
            if (part instanceof HTMLImageElement) part.style.visibility = 'hidden';
          }
          return [...new Set(found)].map((colour) => (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number));
        });
        const shot = await note.screenshot({ animations: 'disabled' });
        const pixels = await page.evaluate(async (base64) => {
          // An <img> decodes it: the page's policy admits data: images, not data: fetches.
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const bitmap = await createImageBitmap(image);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d');
          if (!context) return [];
          context.drawImage(bitmap, 0, 0);
          const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
          const rgb: number[][] = [];
          for (let i = 0; i < data.length; i += 4) rgb.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
          return rgb;
        }, shot.toString('base64'));
        expect(pixels.length).toBeGreaterThan(0);
        for (const colour of colours) {
          const worst = Math.min(...pixels.map((pixel) => contrast(colour, pixel)));
          expect(worst, `rgb(${colour.join(', ')}) on the hero's ${theme} background`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  }
});
