import 'server-only';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { FRESH_READS_COOKIE } from '@/lib/shared/constants';
import { FRESH_READS_MAX_AGE_SECONDS } from '../members/fresh-reads';
import { readFreshAfter } from '../members/viewer-caches';
import type { ApiEnv } from './context';
import { isSecureCookie } from './session-cookie';

/** The member's kept answers from before their browser's last change are not used (fresh-reads.ts). */
export function readFreshAfterCookie(c: Context<ApiEnv>, memberId: number): void {
  readFreshAfter(memberId, getCookie(c, FRESH_READS_COOKIE));
}

/** The answer to a change tells the browser when it came, so its next reads on any process see it. */
export function setFreshAfterCookie(c: Context<ApiEnv>): void {
  setCookie(c, FRESH_READS_COOKIE, String(Date.now()), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureCookie(c),
    path: '/',
    maxAge: FRESH_READS_MAX_AGE_SECONDS,
  });
}
