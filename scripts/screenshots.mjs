// `npm run screenshots`: phone (390×844) and desktop (1280×800) screenshots of the main pages, in the
// light and the dark theme, logged out and logged in as the demo member, into .screenshots/ (not in
// git). The app must be running (npm start); BASE_URL says where (default http://localhost:3000).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const OUT = path.resolve('.screenshots');
const DEMO = { email: 'demo@lovelane.example', password: 'lovelane-demo-2025' };
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const THEMES = ['light', 'dark'];
const VISITOR_PAGES = [
  ['home', '/'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['faq', '/pages/faq'],
  ['not-found', '/no-such-page'],
];
const MEMBER_PAGES = [
  ['search', '/members'],
  ['member', null],
  ['profile', '/profile'],
  ['settings', '/settings'],
  ['complaints', '/complaints'],
  ['likes', '/likes'],
  ['notifications', '/notifications'],
];

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const host = new URL(BASE_URL).hostname;
let count = 0;

async function shoot(page, name, target) {
  await page.goto(`${BASE_URL}${target}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  count += 1;
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of THEMES) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme });
    await context.addCookies([
      { name: 'site_entry_accepted', value: '1', domain: host, path: '/' },
      { name: 'theme', value: theme, domain: host, path: '/' },
    ]);
    const page = await context.newPage();
    for (const [name, target] of VISITOR_PAGES) await shoot(page, `${device}-${theme}-${name}`, target);

    const login = await page.request.post(`${BASE_URL}/api/user.php`, {
      data: DEMO,
      headers: { origin: BASE_URL },
    });
    if (!login.ok()) throw new Error(`The demo login failed (${login.status()}): is the demo data loaded?`);
    const search = await page.request.get(`${BASE_URL}/api/members.php`);
    const firstId = (await search.json()).page?.results?.[0]?.id;
    for (const [name, target] of MEMBER_PAGES) {
      const pathname = target ?? (firstId ? `/members/${firstId}` : null);
      if (pathname) await shoot(page, `${device}-${theme}-${name}`, pathname);
    }
    await context.close();
  }
}
await browser.close();
console.log(`${count} screenshots in ${path.relative(process.cwd(), OUT)}/`);
