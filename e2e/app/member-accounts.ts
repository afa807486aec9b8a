import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;
export const PASSWORD = 'a long and unusual passphrase';

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
  options: { prefix?: string; gender?: 'male' | 'female' } = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const prefix = options.prefix ?? 'member';
  const name = `${prefix}_${tag}`;
  const email = `${prefix}-${tag}@example.test`;
  const signup = await page.request.post(`${baseURL}/api/signup.php`, {
    data: {
      email,
      password: PASSWORD,
      name,
      date_of_birth: '1988-06-21',
      gender: options.gender ?? 'female',
      language: 'en',
    },
    headers: { origin: baseURL },
  });
  expect(signup.status()).toBe(201);
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
