import 'server-only';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { AppError } from '../errors';
import type { RelyingParty } from '../passkeys/webauthn';
import { getSettings } from '../settings/get-settings';
import { isSiteDomain } from '../settings/is-site-domain';
import type { ApiEnv } from './context';
import { isAllowedOrigin, isLoopbackHost, isTlsRequest, trustedOrigins } from './kit/request-guards';

/**
 * The relying party of a passkey request: the site the browser is on. Only an origin this site
 * accepts for state changes qualifies — a configured site domain, APP_URL, TRUSTED_ORIGINS or a
 * loopback host (see isAllowedOrigin) — and the passkey belongs to that origin's host, so each site
 * domain is its own relying party. A request without an Origin header (a same-origin request of an
 * older browser) is taken for its Host when that is a site domain or loopback. Browsers refuse IP
 * addresses as relying parties, so those get `passkey_unavailable`.
 */
export async function relyingPartyOf(c: Context<ApiEnv>): Promise<RelyingParty> {
  const header = c.req.header('origin');
  const host = c.req.header('host')?.trim().toLowerCase() ?? '';
  let origin: URL | null = null;
  if (header && header !== 'null') {
    const isAllowed = await isAllowedOrigin({
      origin: header,
      secFetchSite: c.req.header('sec-fetch-site'),
      host: host || undefined,
      trusted: trustedOrigins(),
    });
    if (isAllowed) origin = safeUrl(header);
  } else if (host && c.req.header('sec-fetch-site') === 'same-origin') {
    const hostname = safeUrl(`http://${host}`)?.hostname ?? '';
    if (isLoopbackHost(hostname) || (await isSiteDomain(host))) {
      origin = safeUrl(`${isTlsRequest(c) ? 'https' : 'http'}://${host}`);
    }
  }
  const id = origin?.hostname.replace(/^\[|\]$/g, '') ?? '';
  if (!origin || !id || isIP(id) !== 0) {
    throw new AppError('passkey_unavailable', { log: `no relying party for ${header ?? host}` });
  }
  const settings = await getSettings({ host: origin.host, locale: c.get('locale') });
  return { id, origin: origin.origin, name: settings.name };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
