import 'server-only';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { endSession, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../auth/sessions';
import { env } from '../env';
import { siteOrigin } from '../settings/site-origin';
import type { ApiEnv } from './context';
import { isTlsRequest } from './kit/request-guards';

/**
 * Cookies are Secure when the request came over TLS (directly or through a trusted proxy) or the
 * site's address is https: a Secure cookie sent over plain HTTP would be dropped by the browser and
 * the login would fail without a word.
 */
export function isSecureCookie(c: Context<ApiEnv>): boolean {
  return isTlsRequest(c) || Boolean(env().APP_URL?.startsWith('https:'));
}

/** The session cookie: HttpOnly, SameSite=Lax, 30 days. */
export function setSessionCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureCookie(c),
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function readSessionCookie(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureCookie(c) });
}

/** Ends the session the request carries, if any, and clears its cookie. */
export async function endRequestSession(c: Context<ApiEnv>): Promise<void> {
  const token = readSessionCookie(c);
  if (token) await endSession({ token });
  clearSessionCookie(c);
}

/** The site's own address for links in e-mails: a configured site domain or APP_URL, never any Host. */
export function linkOrigin(c: Context<ApiEnv>): Promise<string> {
  return siteOrigin({ host: c.req.header('host') ?? null, isTls: isTlsRequest(c) });
}
