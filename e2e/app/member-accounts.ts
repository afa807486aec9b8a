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

/** A confirmed member in a browser of their own (the entry warning accepted). */
export async function memberInNewBrowser(
  browser: Browser,
  baseURL: string,
  options: Parameters<typeof confirmedMember>[2] = {},
) {
  const context = await browser.newContext({ baseURL });
  const port = new URL(baseURL).port;
  await context.addCookies([{ name: 'site_entry_accepted', value: '1', url: `http://localhost:${port}` }]);
  const page = await context.newPage();
  return { ...(await confirmedMember(page, baseURL, options)), page };
}
