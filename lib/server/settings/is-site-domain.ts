import 'server-only';
import { findSiteForDomain, normalizeDomain } from './site-cache';

/** Whether a host is the domain of a configured site (not merely served by the default site). */
export async function isSiteDomain(host: string | null | undefined): Promise<boolean> {
  const domain = normalizeDomain(host);
  if (!domain || domain === 'default') return false;
  const site = await findSiteForDomain(domain);
  return site.domain === domain;
}
