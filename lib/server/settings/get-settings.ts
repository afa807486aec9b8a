import 'server-only';
import { isServedCountry } from '@/lib/shared/constants';
import type { Locale } from '@/lib/shared/locales';
import {
  SettingsSchema,
  type Settings,
  ProfileFieldSchema,
  SearchFieldSchema,
  SignupModeSchema,
} from '@/lib/shared/schemas/settings';
import { env } from '../env';
import { getVapidPublicKey } from '../push/vapid-keys';
import { pickText } from './localized';
import { cachedForSite, findSiteForDomain, normalizeDomain, peekSiteForDomain } from './site-cache';

export interface GetSettingsOptions {
  /** The host the page was requested on (the forced domain). */
  host: string | null | undefined;
  locale: Locale;
  /** Country the visitor asked for in the route's query (`?country=DE`). */
  requestedCountry?: string | null;
  /** Country from a trusted proxy's geo-IP header. */
  geoipCountry?: string | null;
}

const asList = <T>(values: unknown[], parse: (v: unknown) => T | undefined): T[] =>
  values.map(parse).filter((v): v is T => v !== undefined);

/** The settings of the site serving `host`, in the caller's language (spec §3 "Settings"). */
export function getSettings(options: GetSettingsOptions): Promise<Settings> {
  const domain = normalizeDomain(options.host);
  const key = `settings|${domain}|${options.locale}|${options.requestedCountry ?? ''}|${options.geoipCountry ?? ''}`;
  return cachedForSite(key, () => buildSettings(domain, options));
}

async function buildSettings(domain: string, options: GetSettingsOptions): Promise<Settings> {
  const site = await findSiteForDomain(domain);
  const geoip = options.geoipCountry?.toUpperCase() ?? null;
  const requested = options.requestedCountry?.toUpperCase() ?? null;
  const served = (code: string | null): code is string =>
    code !== null && isServedCountry(code) && site.countries.includes(code);
  const selected = served(requested) ? requested : served(geoip) ? geoip : site.defaultCountry;

  return SettingsSchema.parse({
    countries: site.countries,
    name: site.name,
    index_title: pickText(site.indexTitle, options.locale),
    description: pickText(site.description, options.locale),
    visible_profile_fields: asList(site.visibleProfileFields, (v) => ProfileFieldSchema.safeParse(v).data),
    visible_profile_notes: asList(site.visibleProfileNotes, (v) => ProfileFieldSchema.safeParse(v).data),
    search_fields: asList(site.searchFields, (v) => SearchFieldSchema.safeParse(v).data),
    geoip_country: geoip && /^[A-Z]{2}$/.test(geoip) ? geoip : null,
    geoip_selected_country: selected,
    cdn_prefix: env().CDN_PREFIX ?? site.cdnPrefix,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    support_email: site.supportEmail,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    push_public_key: await getVapidPublicKey(),
    domain: domain || 'localhost',
    domain_language: site.domainLanguage,
    fictional_warning: pickText(site.fictionalWarning, options.locale),
    fictional_singular: pickText(site.fictionalSingular, options.locale),
    fictional_plural: pickText(site.fictionalPlural, options.locale),
    refund_days: site.refundDays,
    signups: SignupModeSchema.catch('invite_only').parse(site.signups),
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    member_resell: site.memberResell,
    photo_premoderation: site.photoPremoderation,
    niche: site.niche,
    company_id: site.companyId,
    mail_name: site.mailName,
  });
}

/** Only the language a host's site prefers, for locale resolution before rendering. */
export function getDomainLanguage(host: string | null | undefined): Promise<string | null> | string | null {
  const domain = normalizeDomain(host);
  const cached = peekSiteForDomain(domain);
  if (cached) return cached.domainLanguage;
  return findSiteForDomain(domain).then((site) => site.domainLanguage);
}
