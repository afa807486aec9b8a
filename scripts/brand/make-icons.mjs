// Renders the app icons from the mark's source SVGs (this folder): the PNGs in public/icons that the web
// app manifest (app/manifest.ts) lists, the favicon (app/icon.svg) and the Apple touch icon
// (app/apple-icon.png). Run it after changing a source SVG: npm run brand:icons
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const outDir = path.join(root, 'public/icons');

// The source SVGs are 64 × 64; each icon is rendered straight at its size (no downscaling blur).
const ICONS = [
  { file: 'icon-16.png', size: 16, source: 'mark-small.svg' },
  { file: 'icon-32.png', size: 32, source: 'mark-small.svg' },
  { file: 'icon-180.png', size: 180, source: 'mark-full-bleed.svg', opaque: true },
  { file: 'icon-192.png', size: 192, source: 'mark.svg' },
  { file: 'icon-512.png', size: 512, source: 'mark.svg' },
  { file: 'maskable-192.png', size: 192, source: 'mark-maskable.svg', opaque: true },
  { file: 'maskable-512.png', size: 512, source: 'mark-maskable.svg', opaque: true },
  // The installed app's shortcuts (app/manifest.ts) and the notifications' badge (public/sw-push.js).
  { file: 'shortcut-search-96.png', size: 96, source: 'shortcut-search.svg' },
  { file: 'shortcut-messages-96.png', size: 96, source: 'shortcut-messages.svg' },
  { file: 'shortcut-likes-96.png', size: 96, source: 'shortcut-likes.svg' },
  { file: 'badge-96.png', size: 96, source: 'badge.svg' },
];
const SOURCE_SIZE = 64;
// Full-bleed icons are stored without an alpha channel: iOS and Android mask them, and fill any
// transparency with black or white.
const PINK = '#c2185b';

await mkdir(outDir, { recursive: true });
for (const icon of ICONS) {
  const svg = await readFile(path.join(here, icon.source));
  const target = path.join(outDir, icon.file);
  let image = sharp(svg, { density: (72 * icon.size) / SOURCE_SIZE }).resize(icon.size, icon.size);
  if (icon.opaque) image = image.flatten({ background: PINK });
  await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toFile(target);
  console.log(`${path.relative(root, target)} (${icon.size}×${icon.size}, from ${icon.source})`);
}

// Next links these from every page by their file names (app/icon.svg, app/apple-icon.png).
await copyFile(path.join(here, 'mark-small.svg'), path.join(root, 'app/icon.svg'));
await copyFile(path.join(outDir, 'icon-180.png'), path.join(root, 'app/apple-icon.png'));
console.log('app/icon.svg (from mark-small.svg), app/apple-icon.png (from icon-180.png)');
