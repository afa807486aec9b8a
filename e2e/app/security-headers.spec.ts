import { expect, test } from './fixtures';
import { confirmedMember } from './member-accounts';

test('pages carry a strict Content-Security-Policy with a fresh nonce and the other security headers', async ({
  request,
  baseURL,
}) => {
  const first = await request.get(`${baseURL}/`);
  const second = await request.get(`${baseURL}/`);
  const csp = first.headers()['content-security-policy'] ?? '';
  const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(script).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(second.headers()['content-security-policy']).not.toBe(csp);
  const nonce = /'nonce-([^']+)'/.exec(script)?.[1] ?? '';
  expect(await first.text()).toContain(`nonce="${nonce}"`);
  expect(first.headers()).toMatchObject({
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  expect(first.headers()['permissions-policy']).toContain('geolocation=(self)');
  // The verification selfie takes the camera on this site only; the microphone on none.
  expect(first.headers()['permissions-policy']).toContain('camera=(self)');
  expect(first.headers()['permissions-policy']).toContain('microphone=()');
  // Served over plain HTTP here: no HSTS, which would lock browsers out of the site.
  expect(first.headers()['strict-transport-security']).toBeUndefined();
});

test('pages run their scripts under the policy, and the deletion page cannot be framed', async ({
  page,
  baseURL,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await confirmedMember(page, baseURL ?? '');
  for (const path of ['/', '/members', '/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }
  // The page is interactive: React ran under the policy.
  await page.goto('/settings/delete');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const headers = (await page.request.get(`${baseURL}/settings/delete`)).headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(violations).toEqual([]);
  // Another page that frames it is refused by the browser.
  await page.setContent(`<iframe src="${baseURL}/settings/delete"></iframe>`);
  await expect.poll(() => violations.join('\n')).toMatch(/Framing .* violates .*frame-ancestors 'none'/);
});
