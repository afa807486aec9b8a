import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The map, video and transitions landers, as a visitor from an ad sees them on a phone and on a
// desktop. Landers render on the server and ship no framework, only the landers' own small script
// (components/lander/islands), so these tests wait for that script's mark.

const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    // The adult-content warning is accepted, as the other flows do.
    const port = new URL(baseURL ?? 'http://localhost').port;
    await context.addCookies(
      ['localhost', '127.0.0.1'].map((domain) => ({
        name: 'site_entry_accepted',
        value: '1',
        url: `http://${domain}:${port}`,
      })),
    );
    await use(context);
  },
});

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const LANDERS = [
  { name: 'map', path: '/landers/maplanding', cta: 'See who lives near you' },
  { name: 'video', path: '/landers/video', cta: 'Sign up for free' },
  { name: 'transitions', path: '/landers/transitionsvideolanding', cta: 'Say hello for free' },
] as const;

/** Waits until the lander's script (language menu, signup, pause and play) is running: it marks the page. */
async function islandsLive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The ids and names of the members a lander lists (each element marked data-member). */
async function listedMembers(entries: Locator): Promise<{ id: number; text: string }[]> {
  return entries.evaluateAll((elements) =>
    elements.map((element) => ({
      id: Number(element.getAttribute('data-member')),
      text: element.textContent ?? '',
    })),
  );
}

/** Each member is a real, visible member: the API serves their page, under the name the lander shows. */
async function expectRealMembers(page: Page, members: { id: number; text: string }[]): Promise<void> {
  expect(members.length).toBeGreaterThan(0);
  for (const member of members.slice(0, 3)) {
    const res = await page.request.get(`/api/member.php?id=${member.id}`);
    expect(res.status(), `member ${member.id}`).toBe(200);
    const body = await res.json();
    expect(member.text).toContain(String(body.member?.name ?? body.name));
  }
}

/** Layout shifts the page made so far (Cumulative Layout Shift without the session windows). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[];
          resolve(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all means no shift.
        setTimeout(() => resolve(0), 200);
      }),
  );
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`landers on a ${device}`, () => {
    test.use({ viewport });

    for (const lander of LANDERS) {
      test(`the ${lander.name} lander shows real members and signs up in the right place`, async ({
        page,
      }) => {
        const response = await page.goto(lander.path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(/./);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
        // No framework in the browser: the page's own inline script is all it runs.
        await expect(page.locator('script[src]')).toHaveCount(0);
        await expectRealMembers(page, await listedMembers(page.locator('main li[data-member]')));
        // A fictional profile is labelled, and the site's notice stands above the lander.
        if ((await page.locator('main .lander-fictional').count()) > 0) {
          await expect(page.getByTestId('fictional-notice')).toBeVisible();
        }
        expect(await layoutShift(page)).toBeLessThan(0.05);
        expect(await seriousViolations(page)).toEqual([]);

        await islandsLive(page);
        await page.getByRole('link', { name: lander.cta }).first().click();
        if (device === 'desktop') {
          // The signup steps load in a frame inside the dialog; its close button is outside the frame.
          const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
          await expect(dialog).toBeVisible();
          await expect(
            dialog.frameLocator('iframe').getByRole('heading', { name: 'Who are you?' }),
          ).toBeVisible();
          expect(new URL(page.url()).pathname).toBe(lander.path);
          await dialog.getByRole('button', { name: 'Close' }).click();
          await expect(dialog).toBeHidden();
        } else {
          await expect(page).toHaveURL(/\/signup$/);
        }
      });

      test(`the ${lander.name} lander renders for any campaign, and a deeper path is not found`, async ({
        page,
      }) => {
        const campaign = await page.goto(`${lander.path}/no-such-campaign-xyz`);
        expect(campaign?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.locator('main li[data-member]').count()).toBeGreaterThan(0);

        const deeper = await page.goto(`${lander.path}/one/two`);
        expect(deeper?.status()).toBe(404);
        await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
      });
    }

    test('every lander reads well in the dark theme too', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const lander of LANDERS) {
        await page.goto(lander.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), lander.path).toEqual([]);
      }
    });

    test('the map pins every member shown on their region and lists them by region', async ({ page }) => {
      await page.goto('/landers/maplanding');
      const map = page.getByRole('img', { name: /^Map of / });
      await expect(map).toBeVisible();
      const pins = page.locator('.lander-map-pin');
      expect(await pins.count()).toBeGreaterThan(0);
      const pinned = (await pins.evaluateAll((els) => els.map((el) => el.getAttribute('data-members') ?? '')))
        .flatMap((ids) => ids.split(' '))
        .map(Number);
      const listed = await listedMembers(page.locator('.lander-map-region[data-region] li[data-member]'));
      // Every member in a region of the list has a pin on the map, and no pin stands for anyone else.
      expect(new Set(pinned)).toEqual(new Set(listed.map((m) => m.id)));
      // The summary under the map counts them.
      await expect(page.locator('.lander-map-caption')).toContainText(`${pinned.length} member`);

      // A campaign naming a region marks it, and its members come first.
      const region = page.locator('.lander-map-region[data-region]').first();
      const code = await region.getAttribute('data-region');
      const name = (await region.locator('h3').evaluate((h) => h.firstChild?.textContent ?? '')).trim();
      const slug = name.toLowerCase().replace(/\s+/g, '-');
      await page.goto(`/landers/maplanding/${encodeURIComponent(slug)}`);
      await expect(page.getByTestId('map-highlight')).toBeVisible();
      await expect(page.locator('.lander-map-region').first()).toHaveAttribute('data-region', code ?? '');
      await expect(page.locator('.lander-map-region').first()).toHaveClass(/is-highlighted/);
      await expect(page.locator(`.lander-map-pin[data-region="${code}"]`)).toHaveClass(/is-highlighted/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await expect(page.locator('.lander-map-caption')).toContainText(`${name} is marked.`);
    });

    test('the video plays muted from our own server, behind its poster, and pauses on request', async ({
      page,
    }) => {
      await page.goto('/landers/video');
      const video = page.locator('video.lander-video-player');
      await expect(video).toHaveCount(1);
      expect(await video.getAttribute('muted')).not.toBeNull();
      expect(await video.getAttribute('loop')).not.toBeNull();
      expect(await video.getAttribute('playsinline')).not.toBeNull();
      expect(await video.getAttribute('autoplay')).not.toBeNull();
      const poster = await video.getAttribute('poster');
      expect(poster).toMatch(/^\/cdn\/landers\/[0-9a-f]+\.webp$/);
      // The poster is a real image fetched first: the page's largest paint.
      const posterImage = page.locator('img.lander-video-poster');
      await expect(posterImage).toHaveAttribute('fetchpriority', 'high');
      await expect
        .poll(() => posterImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // The page's largest paint is its hero: the poster, or the video's own frames once it plays over
      // the same place (on a fast machine the first frame can paint before the poster is decoded).
      const candidates = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            new PerformanceObserver((list) => {
              resolve((list.getEntries() as LargestContentfulPaint[]).map((entry) => entry.url));
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      const largest = candidates.at(-1) ? new URL(candidates.at(-1) ?? '').pathname : '';
      expect([
        poster,
        ...(await video
          .locator('source')
          .evaluateAll((sources) => sources.map((s) => s.getAttribute('src')))),
      ]).toContain(largest);

      for (const [type, pattern] of [
        ['video/webm', /\.webm$/],
        ['video/mp4', /\.mp4$/],
      ] as const) {
        const src = await video.locator(`source[type="${type}"]`).getAttribute('src');
        expect(src).toMatch(/^\/cdn\/landers\//);
        expect(src).toMatch(pattern);
        const res = await page.request.get(src ?? '');
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toBe(type);
        expect(Number(res.headers()['content-length'])).toBeLessThan(1_500_000);
        // Safari asks for videos in ranges.
        const part = await page.request.get(src ?? '', { headers: { Range: 'bytes=0-1023' } });
        expect(part.status()).toBe(206);
        expect((await part.body()).length).toBe(1024);
      }

      await islandsLive(page);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
      const pause = page.getByRole('button', { name: 'Pause video' });
      await pause.click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      const play = page.getByRole('button', { name: 'Play video' });
      await expect(play).toBeVisible();
      // The button works from the keyboard too.
      await play.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    });

    test('with reduced motion the video waits behind its poster until asked to play', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/landers/video');
      await islandsLive(page);
      const video = page.locator('video.lander-video-player');
      await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await expect(video).toBeHidden();
      await expect(page.locator('img.lander-video-poster')).toBeVisible();
      await page.getByRole('button', { name: 'Play video' }).click();
      await expect(video).toBeVisible();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    });

    test('the slideshow shows the members whose names stand beside it, and pauses', async ({ page }) => {
      await page.goto('/landers/transitionsvideolanding');
      const slides = await page
        .locator('.lander-transitions-slide')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-member'))));
      const names = await listedMembers(page.locator('.lander-transitions-entry'));
      expect(slides.length).toBeGreaterThan(1);
      expect(names.map((n) => n.id)).toEqual(slides);
      await expectRealMembers(page, names);
      const first = page.locator('.lander-transitions-slide img').first();
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      const slide = page.locator('.lander-transitions-slide').first();
      await expect(slide).toHaveCSS('animation-play-state', 'running');

      await islandsLive(page);
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await expect(slide).toHaveCSS('animation-play-state', 'paused');
      await page.getByRole('button', { name: 'Play slideshow' }).press('Enter');
      await expect(slide).toHaveCSS('animation-play-state', 'running');
    });

    test('with reduced motion the slideshow stands still on its first member', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/landers/transitionsvideolanding');
      const slides = page.locator('.lander-transitions-slide');
      await expect(slides.first()).toHaveCSS('animation-name', 'none');
      await expect(slides.first()).toHaveCSS('opacity', '1');
      await expect(slides.nth(1)).toHaveCSS('opacity', '0');
      await islandsLive(page);
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    });
  });
}
