import 'server-only';
import { createHash } from 'node:crypto';
import type { Locale } from '@/lib/shared/locales';
import { errorMessage } from '../api/i18n';
import { env } from '../env';
import { escapeHtml } from '../mail/escape-html';
import { SERVER_MESSAGES } from '../i18n/messages';
import { countMemoryRateLimit } from './memory-rate-limit';

/**
 * The rendered pages that list or show members, the member landings included (they show a member
 * as the member page does): limited like their API, against scraping.
 */
const MEMBER_PAGES = /^\/members(?:\/[^/]*(?:\/(?:signup|landing|landing[23](?:\/[^/]*)*))?)?\/?$/;

/**
 * Counts a rendered member page (search or member page) against the client's budget per minute
 * (RATE_LIMIT_MEMBER_READS_PER_MINUTE, per session or, for visitors, per address). Over it, the
 * answer is a 429 page in the visitor's language with Retry-After; otherwise null.
 */
export async function limitMemberPages(options: {
  path: string;
  sessionToken: string | undefined;
  ip: string;
  locale: Locale;
}): Promise<Response | null> {
  if (!MEMBER_PAGES.test(options.path)) return null;
  const who = options.sessionToken
    ? `s${createHash('sha256').update(options.sessionToken).digest('hex').slice(0, 32)}`
    : options.ip;
  const result = await countMemoryRateLimit({
    key: `member-pages:${who}`,
    limit: env().RATE_LIMIT_MEMBER_READS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (result.allowed) return null;
  const message = escapeHtml(errorMessage(options.locale, 'rate_limited', { seconds: result.retryAfter }));
  const home = escapeHtml(SERVER_MESSAGES[options.locale].ErrorPage.backHome);
  const html = `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>429</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><main><h1 style="font-size:1.25rem">${message}</h1><p><a href="/">${home}</a></p></main></body></html>`;
  return new Response(html, {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(result.retryAfter),
    },
  });
}
