import 'server-only';
import { env } from '../env';
import { isSiteDomain } from './is-site-domain';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * The address e-mailed links point to. Only a configured site domain (npm run db:site) or APP_URL
 * decides it: a request for any other host — which anyone can send with a forged Host header —
 * never does, so nobody can have a member's reset link point to their own server.
 */
export async function siteOrigin(options: { host: string | null; isTls: boolean }): Promise<string> {
  const { APP_URL, PORT, NODE_ENV } = env();
  const host = options.host?.trim().toLowerCase() ?? '';
  if (host && (await isSiteDomain(host))) {
    const isLoopback = LOOPBACK.test(host);
    const isHttps =
      options.isTls || (!isLoopback && (NODE_ENV === 'production' || APP_URL?.startsWith('https:')));
    // A site domain is served on the standard port; only a copy on one's own machine keeps its port.
    return `${isHttps ? 'https' : 'http'}://${isLoopback ? host : host.replace(/:\d+$/, '')}`;
  }
  if (APP_URL) return APP_URL.replace(/\/$/, '');
  return `http://localhost:${PORT}`;
}
