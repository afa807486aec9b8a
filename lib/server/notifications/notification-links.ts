import 'server-only';
import type { NotificationKind } from '@/lib/shared/values/notifications';
import { env } from '../env';
import { siteOrigin } from '../settings/site-origin';
import { findSiteForDomain, normalizeDomain } from '../settings/site-cache';
import { signUnsubscribeToken } from './unsubscribe-token';

/** Where a member's site lives, for the links and photos of their mail. */
export interface SiteAddress {
  /** `https://www.example.com`, no trailing slash. */
  origin: string;
  /** Absolute prefix of photo addresses (the site's cdn_prefix made absolute). */
  cdnBase: string;
}

/** The host a member's mail is about: their site's domain (null for the default site). */
export function hostOfSite(domain: string): string | null {
  return domain && domain !== 'default' ? domain : null;
}

/** The addresses of the site on `host` (null: the default site at APP_URL). */
export async function siteAddress(host: string | null): Promise<SiteAddress> {
  const origin = await siteOrigin({ host, isTls: false });
  const site = await findSiteForDomain(normalizeDomain(host));
  const prefix = env().CDN_PREFIX ?? site.cdnPrefix;
  const cdnBase = /^https?:\/\//i.test(prefix)
    ? prefix
    : `${origin}${prefix.startsWith('/') ? '' : '/'}${prefix}`;
  return { origin, cdnBase: cdnBase.endsWith('/') ? cdnBase : `${cdnBase}/` };
}

/** The absolute address of a stored photo. */
export function photoAddress(site: SiteAddress, filename: string): string {
  return `${site.cdnBase}${filename.replace(/^\/+/, '')}`;
}

/** The links of one notification mail: its settings page, its unsubscribe page and one-click address. */
export interface NotificationLinks {
  /** The notification settings page. */
  manage: string;
  /** The page that shows what stops and asks to confirm. */
  unsubscribe: string;
  /** The RFC 8058 one-click address for the List-Unsubscribe header (POST only). */
  oneClick: string;
}

export async function notificationLinks(
  site: SiteAddress,
  target: { userId: number; kind: NotificationKind },
): Promise<NotificationLinks> {
  const token = encodeURIComponent(await signUnsubscribeToken(target));
  return {
    manage: `${site.origin}/notifications`,
    unsubscribe: `${site.origin}/unsubscribe?token=${token}`,
    oneClick: `${site.origin}/api/webhooks/unsubscribe.php?token=${token}`,
  };
}

/** The headers that offer one-click unsubscribe in the mailbox (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(links: NotificationLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
