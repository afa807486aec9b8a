import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Logo, LogoMark } from '@/components/brand/logo';
import { webAppManifest } from '@/components/brand/web-app-manifest';

const root = path.resolve(import.meta.dirname, '../..');
const publicFile = (src: string) => path.join(root, 'public', src);
const brandSource = (name: string) => readFileSync(path.join(root, 'scripts/brand', name), 'utf8');

const app = webAppManifest({
  name: 'Lovelane',
  description: 'Singles near you',
  locale: 'en',
  searchMembers: 'Search members',
  search: 'Search',
  messages: 'Messages',
  likes: 'Likes',
});
const icons = app.icons ?? [];
const maskable = icons.filter((icon) => icon.purpose === 'maskable');

/** RGBA pixels of a PNG. */
async function pixels(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]] as [number, number, number, number];
  };
  return { width: info.width, height: info.height, at };
}

describe('web app manifest', () => {
  it('names the app, opens the member search standalone, in the brand colours', () => {
    expect(app).toMatchObject({
      name: 'Lovelane',
      short_name: 'Lovelane',
      start_url: '/members',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#ffb300',
    });
  });

  it('lists icons for any use and maskable ones', () => {
    expect(icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes)).toEqual([
      '16x16',
      '32x32',
      '180x180',
      '192x192',
      '512x512',
    ]);
    expect(maskable.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  });

  it.each(icons.map((icon) => [icon.src, icon] as const))(
    '%s is a PNG of the size it declares',
    async (src, icon) => {
      expect(existsSync(publicFile(src))).toBe(true);
      const meta = await sharp(publicFile(src)).metadata();
      expect(meta.format).toBe('png');
      expect(icon.type).toBe('image/png');
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    },
  );

  it('offers shortcuts to search, messages and likes, each with a PNG icon of the size it declares', async () => {
    expect(app.shortcuts?.map((shortcut) => shortcut.url)).toEqual(['/members', '/chats', '/likes']);
    for (const shortcut of app.shortcuts ?? []) {
      const [icon] = shortcut.icons ?? [];
      expect(icon, shortcut.name).toBeDefined();
      const meta = await sharp(publicFile(icon?.src ?? '')).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon?.sizes);
    }
  });

  it.each(maskable.map((icon) => [icon.src] as const))(
    '%s is full bleed, with the mark inside the safe zone',
    async (src) => {
      const { width, height, at } = await pixels(publicFile(src));
      for (const [x, y] of [
        [0, 0],
        [width - 1, 0],
        [0, height - 1],
        [width - 1, height - 1],
      ] as const) {
        expect(at(x, y)[3]).toBe(255);
      }
      // Everything that is not the background lies within the circle of radius 40% (the safe zone).
      const background = at(0, 0);
      let farthest = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const pixel = at(x, y);
          const difference = pixel.reduce((sum, value, i) => sum + Math.abs(value - (background[i] ?? 0)), 0);
          if (difference > 24) {
            farthest = Math.max(farthest, Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2));
          }
        }
      }
      expect(farthest).toBeGreaterThan(0);
      expect(farthest / width).toBeLessThanOrEqual(0.4);
    },
  );

  it('the favicon and the Apple touch icon are the mark', () => {
    expect(readFileSync(path.join(root, 'app/icon.svg'), 'utf8')).toBe(brandSource('mark-small.svg'));
    expect(readFileSync(path.join(root, 'app/apple-icon.png'))).toEqual(
      readFileSync(publicFile('/icons/icon-180.png')),
    );
  });
});

describe('logo', () => {
  it('draws the mark of the icons, hidden from screen readers', () => {
    const markup = renderToStaticMarkup(createElement(LogoMark, { size: 24 }));
    expect(markup).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(markup).toContain('width="24"');
    const shapes = [...markup.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
    expect(shapes).toHaveLength(2);
    for (const d of shapes) expect(brandSource('mark.svg')).toContain(`d="${d}"`);
  });

  it('has a single-colour tone that follows the text colour', () => {
    const markup = renderToStaticMarkup(createElement(LogoMark, { tone: 'mono' }));
    expect(markup).toContain('fill="currentColor"');
    expect(markup).not.toContain('<rect');
    expect(markup).not.toMatch(/#[0-9a-f]{3,6}/i);
  });

  it('shows the site name as text next to the hidden mark', () => {
    const markup = renderToStaticMarkup(createElement(Logo, { name: 'Love & Lane', size: 30 }));
    expect(markup).toMatch(/^<span class="brand-logo"><svg [^>]*aria-hidden="true"/);
    expect(markup).toContain('<span class="brand-wordmark">Love &amp; Lane</span>');
    expect(markup.replace(/<svg.*<\/svg>/, '').replace(/<[^>]+>/g, '')).toBe('Love &amp; Lane');
  });
});
