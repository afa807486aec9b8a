import 'server-only';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../auth/sessions';
import { env } from '../env';
import type { ApiEnv } from './context';

/** The session cookie: HttpOnly, SameSite=Lax, 30 days, Secure in production. */
export function setSessionCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: env().NODE_ENV === 'production',
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function readSessionCookie(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: env().NODE_ENV === 'production' });
}

/** The site's own address, for links in e-mails: APP_URL, else the request's scheme and host. */
export function requestOrigin(c: Context<ApiEnv>): string {
  const { APP_URL, TRUST_PROXY } = env();
  if (APP_URL) return APP_URL.replace(/\/$/, '');
  const proto =
    (TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()) ||
    new URL(c.req.url).protocol.replace(':', '');
  return `${proto}://${c.req.header('host') ?? 'localhost'}`;
}
