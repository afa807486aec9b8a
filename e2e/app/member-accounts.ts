import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { buildSignup, type BuildSignupOptions } from '../../tests/factories/build-signup';
import { expect } from './fixtures';

export { PASSWORD } from '../../tests/factories/build-signup';

/**
 * Signs a new member up through the API (see `buildSignup` for the defaults), logged in in the
 * context of `request`; returns what was sent.
 */
export async function signUpMember(
  request: APIRequestContext,
  baseURL: string,
  options: BuildSignupOptions = {},
) {
  const signup = buildSignup(options);
  const res = await request.post(`${baseURL}/api/signup.php`, { data: signup, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  return signup;
}

/** The activation link mailed to an address, read from the outbox (path only). */
export async function activationLink(request: APIRequestContext, baseURL: string, to: string) {
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(to)}`);
      const mails = ((await res.json()) as { mails: { kind: string; links: string[] }[] }).mails;
      link = mails.find((m) => m.kind === 'activation')?.links.find((l) => /token=/.test(l)) ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

/** Signs a new free member up and confirms the address, in the page's own browser context. */
export async function confirmedMember(
  page: Page,
  baseURL: string,
  options: { prefix?: string; gender?: 'male' | 'female'; country?: string } = {},
) {
  const { name, email } = await signUpMember(page.request, baseURL, {
    prefix: options.prefix ?? 'member',
    date_of_birth: '1988-06-21',
    gender: options.gender ?? 'female',
    ...(options.country ? { country: options.country } : {}),
  });
  await page.request.get(await activationLink(page.request, baseURL, email));
  const profile = await page.request.get(`${baseURL}/api/profile.php`);
  const { id } = (await profile.json()) as { id: number };
  return { id, name, email };
}

/**
 * A confirmed member in a browser of their own (the entry warning accepted). The time-bonus offer,
 * which covers the page 40 s into the members area, is kept away unless `offers` asks for it: flows
 * about something else must not depend on finishing within 40 s.
 */
export async function memberInNewBrowser(
  browser: Browser,
  baseURL: string,
  options: Parameters<typeof confirmedMember>[2] & { offers?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL });
  const port = new URL(baseURL).port;
  await context.addCookies([{ name: 'site_entry_accepted', value: '1', url: `http://localhost:${port}` }]);
  if (!options.offers) {
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('time-bonus-modal'))
        window.localStorage.setItem('time-bonus-modal', String(Date.now()));
    });
  }
  const page = await context.newPage();
  const { offers: _offers, ...account } = options;
  return { ...(await confirmedMember(page, baseURL, account)), page };
}
