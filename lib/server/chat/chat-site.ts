import 'server-only';
import { env } from '../env';
import { findSiteForDomain, normalizeDomain, type SiteRow } from '../settings/site-cache';

/** The site's chat settings a request needs: prices, longest message, costs per country, CDN prefix. */
export interface ChatSite {
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
  minimumMessageCosts: SiteRow['minimumMessageCosts'];
  cdnPrefix: string;
}

/** The chat settings of the site serving `host` (cached with the site). */
export async function chatSite(host: string | null | undefined): Promise<ChatSite> {
  const site = await findSiteForDomain(normalizeDomain(host));
  return {
    messageCredits: site.messageCredits,
    photoCredits: site.photoCredits,
    giftCredits: site.giftCredits,
    messageLength: site.messageLength,
    minimumMessageCosts: site.minimumMessageCosts,
    cdnPrefix: env().CDN_PREFIX ?? site.cdnPrefix,
  };
}

/** The oldest moment whose messages are still shown and served (spec §6: the history window). */
export function historyStart(now: Date): Date {
  return new Date(now.getTime() - env().CHAT_HISTORY_DAYS * 86_400_000);
}
