// What a visitor notices (issue 12): the preview shows the guide at every width, the header offers the
// purchase path, the menu opens flush, the carousel holds still, text on gradients is legible, targets
// are big enough, and link previews and search engines find what they need.
import { expect, test, type Page } from '@playwright/test';
import { contrastRatio } from '../../model/catalogue.ts';
import { islandsReady, pausedClock, sitemapRoutes } from './helpers.ts';
import { articles, missingPreviews, platformPages, sectionOf, site } from './site.ts';

/** The platform sales pages whose preview was made (the others show 'Preview coming soon'). */
const salesPages = platformPages.map((p) => p.product).filter((p) => !missingPreviews.has(p.id));

/** How many distinct colours, in 8-level buckets, a canvas or image shows: a blank frame has one or two. */
async function colourCount(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const source = el as HTMLCanvasElement | HTMLImageElement;
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 260;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(source, 0, 0, c.width, c.height);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4) seen.add(((data[i]! >> 5) << 6) | ((data[i + 1]! >> 5) << 3) | (data[i + 2]! >> 5));
    return seen.size;
  });
}

for (const width of [390, 1280]) {
  test(`the preview shows the guide's first page, then its pages, at ${width} px`, async ({ page }) => {
    const product = salesPages[0]!;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(product.route);
    const viewer = page.getByTestId('pdf-viewer');
    // Before it scrolls into view, PDF.js has not been fetched; the still is in place.
    await expect(page.getByTestId('pdf-still')).toHaveAttribute('src', /\.webp$/);
    await viewer.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached({ timeout: 20_000 });
    expect(await colourCount(page, '[data-testid="pdf-canvas"]')).toBeGreaterThan(4);
    const box = (await viewer.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(width);
    expect(box.height).toBeLessThanOrEqual(site.previews.height + 2);
    if (width >= 1280) expect(Math.round(box.height)).toBe(site.previews.height + 2); // 720 and the border
    // The page fits the frame: the canvas is inside it.
    const canvas = (await page.getByTestId('pdf-canvas').boundingBox())!;
    expect(canvas.height).toBeLessThanOrEqual(box.height);
    expect(canvas.width).toBeLessThanOrEqual(box.width);
    await expect(page.getByTestId('pdf-status')).toHaveText(/^Page 1 of \d+$/);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.locator('[data-testid="pdf-canvas"][data-page="2"]')).toBeAttached();
    await expect(page.getByTestId('pdf-status')).toHaveText(/^Page 2 of \d+$/);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute('href', /\.pdf$/);
  });
}

test('the preview hydrates a screen ahead, but fetches and runs PDF.js only once its frame is on screen', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(salesPages[0]!.route);
  const island = page.locator('[data-island="pdf-viewer"]');
  // Just below the fold: near enough to hydrate, not yet seen.
  await page.getByTestId('pdf-viewer').evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - window.innerHeight - 100));
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await page.waitForTimeout(1000);
  expect(requests.filter((u) => /pdf-engine|pdf\.worker|\.pdf$/.test(u))).toEqual([]);
  await expect(page.getByTestId('pdf-still')).toBeAttached();
  await page.getByTestId('pdf-viewer').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached({ timeout: 20_000 });
  expect(requests.some((u) => /pdf-engine/.test(u))).toBe(true);
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test('every sales page shows the still of its preview', async ({ page }) => {
    for (const product of salesPages) {
      await page.goto(product.route);
      const still = page.getByTestId('pdf-still');
      await still.scrollIntoViewIfNeeded();
      await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const size = await still.boundingBox();
      expect(size!.height).toBeGreaterThan(300);
    }
  });
});

test('pages without the preview fetch no PDF.js', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/');
  await islandsReady(page);
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((u) => /pdf-engine|pdf\.worker/.test(u))).toEqual([]);
});

test('the header offers the purchase path at every width', async ({ page }) => {
  for (const width of [360, 390, 640, 768, 820, 1023, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const cta = page.getByTestId('header-cta');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const visible = (await cta.isVisible()) || (await toggle.isVisible());
    expect(visible, `${width} px`).toBe(true);
    if (width === 820) await expect(cta).toBeVisible();
  }
});

for (const width of [390, 820]) {
  test(`the menu opens flush under the header over a dimmed page, and closes at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const panel = page.locator('#mobile-menu');
    await toggle.click();
    await expect(panel).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    const top = (await panel.boundingBox())!.y;
    expect(Math.abs(top - (header.y + header.height))).toBeLessThan(1);
    const dim = await panel.evaluate((el) => getComputedStyle(el, '::backdrop').backgroundColor);
    expect(dim).not.toMatch(/^rgba\(0, 0, 0, 0\)$|transparent/);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await toggle.click();
    await page.mouse.click(width / 2, 700);
    await expect(panel).toBeHidden();
    await toggle.click();
    await panel.getByRole('link', { name: site.navigation[0]!.label }).click();
    await expect(panel).toBeHidden();
  });
}

test('the carousel keeps its height through every story: CLS 0, and its pause button stops it', async ({ page }) => {
  const { items, intervalMs } = sectionOf('/', 'testimonials');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { cls: number }).cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A paused clock moved one interval at a time: every story is shown, each painted before the next.
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  const slide = page.getByTestId('carousel-slide');
  await slide.scrollIntoViewIfNeeded();
  await page.mouse.move(5, 5);
  const below = page.locator('#faq, #email-capture').first();
  const start = (await below.boundingBox())!.y;
  for (let i = 1; i <= items.length; i++) {
    await page.clock.runFor(intervalMs);
    await expect(slide).toHaveAttribute('data-index', String(i % items.length));
    // The fake clock holds animation frames back, not the browser's painting: a real moment lets it paint.
    await page.waitForTimeout(100);
    expect((await below.boundingBox())!.y, `story ${i % items.length}`).toBe(start);
  }
  const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
  expect(cls).toBe(0);
  const pause = page.getByTestId('carousel-pause');
  await expect(pause).toHaveAccessibleName('Pause testimonials');
  await pause.click();
  await expect(pause).toHaveAccessibleName('Play testimonials');
  await page.mouse.move(5, 5);
  const held = await slide.getAttribute('data-index');
  await page.clock.runFor(2 * intervalMs);
  await expect(slide).toHaveAttribute('data-index', held!);
  const dots = page.getByTestId('carousel-dot');
  for (const dot of await dots.all()) await expect(dot).toHaveAccessibleName(/^Testimonial \d+ of \d+: .+/);
});

const hex = (c: number[]) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

test('text on product gradients and badges meets WCAG AA at every colour stop', async ({ page }) => {
  await page.goto('/');
  const report: string[] = [];
  const failures: string[] = [];
  for (const card of await page.getByTestId('on-gradient').all()) {
    const id = (await card.evaluate((el) => el.closest('[data-product]')!.getAttribute('data-product')))!;
    const stops = site.products.find((p) => p.id === id)!.gradient;
    const texts = await card.evaluate((root) => {
      // Computed colours may be oklch(): let a canvas turn them into sRGB bytes.
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const toRgba = (css: string) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = css;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };
      return [...root.querySelectorAll<HTMLElement>('*')]
        .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()) && !el.closest('[aria-hidden="true"]'))
        .map((el) => {
          const s = getComputedStyle(el);
          let bg: number[] | null = null;
          for (let e: HTMLElement | null = el; e && e !== root; e = e.parentElement) {
            const b = toRgba(getComputedStyle(e).backgroundColor);
            if (b[3]! > 0) {
              bg = b;
              break;
            }
          }
          return { text: el.textContent!.trim().slice(0, 30), color: toRgba(s.color), size: parseFloat(s.fontSize), weight: Number(s.fontWeight), bg };
        });
    });
    for (const t of texts) {
      if (t.color[3]! < 1) failures.push(`${id} "${t.text}": translucent text`);
      const large = t.size >= 24 || (t.size >= 18.66 && t.weight >= 700);
      const needed = large ? 3 : 4.5;
      // The text's own background (a badge) laid over each stop of the gradient, or the stop itself.
      const backs = stops.map((stop) => {
        if (!t.bg) return stop;
        const under = [1, 3, 5].map((i) => parseInt(stop.slice(i, i + 2), 16));
        return hex(t.bg.slice(0, 3).map((v, i) => v * t.bg![3]! + under[i]! * (1 - t.bg![3]!)));
      });
      for (const back of backs) {
        const ratio = contrastRatio(hex(t.color), back);
        report.push(`${id} "${t.text}" on ${back}: ${ratio.toFixed(2)}`);
        if (ratio < needed) failures.push(`${id} "${t.text}" ${hex(t.color)} on ${back}: ${ratio.toFixed(2)} < ${needed}`);
      }
    }
  }
  console.log(report.join('\n'));
  expect(report.length).toBeGreaterThan(0);
  expect(failures).toEqual([]);
});

test('footer and back links are tap targets of at least 24 px on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const article = (await sitemapRoutes(page.request)).find((r) => /^\/blog\/[^/]+$/.test(r))!;
  for (const route of ['/', platformPages[0]!.page.route, article]) {
    await page.goto(route);
    const links = [...(await page.locator('footer a').all()), ...(await page.getByRole('link', { name: /^← Back to/ }).all())];
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${route}: ${await link.textContent()}`).toBeGreaterThanOrEqual(24);
    }
  }
});

test('struck-through prices are announced as the original price', async ({ page }) => {
  await page.goto(platformPages[0]!.page.route);
  const s = page.locator('s').first();
  const said = await s.evaluate((el) => (el.previousElementSibling?.textContent ?? '') + el.textContent);
  expect(said).toMatch(/^Original price: \$\d+/);
});

// What crawlers and link previews read (cards, icons, structured data) is in the HTML: read with scripts
// off, as they read it, so no page hydrates for it.
test.describe('read as crawlers read them, with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('every page has a social card and a Twitter card; five of them answer images', async ({ page, request }) => {
    const routes = await sitemapRoutes(request);
    const checked: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      const og = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(og, route).toMatch(/^https:\/\/.+\.png$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      if (checked.length < 5 && (checked.length === 0 || route !== checked[checked.length - 1])) {
        const res = await request.get(new URL(og!).pathname);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toBe('image/png');
        const png = await res.body();
        expect(png.readUInt32BE(16)).toBe(1200);
        expect(png.readUInt32BE(20)).toBe(630);
        checked.push(route);
      }
    }
    expect(checked).toHaveLength(5);
  });

  test('the favicon and the apple-touch-icon answer images', async ({ page, request }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toBe('image/x-icon');
    expect((await ico.body()).readUInt16LE(2)).toBe(1);
    await page.goto('/');
    const apple = (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!;
    const res = await request.get(apple);
    expect(res.headers()['content-type']).toBe('image/png');
    expect((await res.body()).readUInt32BE(16)).toBe(180);
  });

  /** The page's JSON-LD objects. */
  async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  }
  const ofType = (things: Record<string, unknown>[], type: string) => things.filter((t) => t['@type'] === type);

  test('JSON-LD parses with the required properties of each type', async ({ page, request }) => {
    await page.goto('/');
    const home = await jsonLd(page);
    expect(ofType(home, 'Organization')[0]).toMatchObject({ '@context': 'https://schema.org', name: site.site.name, url: expect.stringMatching(/^https:/), logo: expect.stringMatching(/^https:/) });
    expect(ofType(home, 'WebSite')[0]).toMatchObject({ name: site.site.name, url: expect.stringMatching(/^https:/) });

    for (const product of site.products) {
      await page.goto(product.route);
      const [p] = ofType(await jsonLd(page), 'Product');
      expect(p, product.route).toMatchObject({ name: product.title, description: expect.any(String), offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: expect.stringContaining(product.route) } });
    }

    const routes = await sitemapRoutes(request);
    const article = routes.find((r) => /^\/blog\/[^/]+$/.test(r))!;
    await page.goto(article);
    const [post] = ofType(await jsonLd(page), 'BlogPosting');
    expect(post).toMatchObject({ headline: expect.any(String), author: { '@type': 'Person', name: expect.any(String) }, datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/), dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/), image: expect.stringMatching(/^https:/) });

    // Wherever a FAQ is shown, an FAQPage lists the same questions.
    let faqs = 0;
    for (const route of routes) {
      await page.goto(route);
      const shown = await page.locator('[data-testid="accordion"] summary').count();
      const [faq] = ofType(await jsonLd(page), 'FAQPage');
      if (!faq) continue;
      faqs++;
      const entities = faq.mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
      expect(entities.length, route).toBeGreaterThan(0);
      if (shown) expect(entities.length, route).toBe(shown);
      for (const q of entities) expect(q).toMatchObject({ '@type': 'Question', name: expect.any(String), acceptedAnswer: { '@type': 'Answer', text: expect.any(String) } });
      await expect(page.getByText(entities[0]!.name).first()).toBeAttached();
    }
    expect(faqs).toBeGreaterThan(0);
  });
});

test('long articles open with a table of contents that links to their sections, with no script', async ({ page, request }) => {
  // Articles only: /blog/page/2 and /blog/category/<slug> are listing pages.
  const routes = (await sitemapRoutes(request)).filter((r) => /^\/blog\/[^/]+$/.test(r));
  let withToc = 0;
  for (const route of routes) {
    const minutes = articles.find((a) => a.route === route)!.readTime;
    await page.goto(route);
    const toc = page.getByTestId('toc');
    if (minutes <= 8) {
      await expect(toc, route).toHaveCount(0);
      continue;
    }
    withToc++;
    await expect(toc, route).toBeVisible();
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThan(1);
    for (const link of await links.all()) {
      const target = (await link.getAttribute('href'))!;
      await expect(page.locator(`h2${target}`), `${route} ${target}`).toHaveText((await link.textContent())!);
    }
    // No module but the analytics beacon (runtime/client/beacon.ts), when the site counts.
    expect((await page.locator('script[type="module"]').allTextContents()).filter((s) => !s.includes('/rest/v1/rpc/track?'))).toEqual([]);
  }
  expect(withToc).toBeGreaterThan(0);
});

test('numbered compounds stay whole in headings at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const headings = page.locator('h1, h2, h3').filter({ hasText: /\d+-\p{L}/u });
  for (const h of await headings.all()) {
    const compounds = (await h.textContent())!.match(/\d+-\p{L}+/gu)!;
    // What the browser will not break: the text of each element inside that its style keeps on one line.
    const kept = await h.locator('*').evaluateAll((els) => els.filter((el) => getComputedStyle(el).whiteSpace === 'nowrap').map((el) => el.textContent));
    for (const c of compounds) expect(kept, c).toContain(c);
  }
});
