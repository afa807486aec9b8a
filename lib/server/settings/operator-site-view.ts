import 'server-only';
import { LOCALES, type Locale } from '@/lib/shared/locales';
import type { OperatorSite } from '@/lib/shared/schemas/operator-sites';
import type { LocalizedText } from '../db/schema/reference';
import type { SiteRow } from './site-cache';

/** A localized text with every locale present (an empty text where the site has none yet). */
function everyLocale(text: LocalizedText): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, text[locale] ?? ''])) as Record<Locale, string>;
}

/** A site as the console shows it (OperatorSiteSchema). */
export function toOperatorSite(row: SiteRow): OperatorSite {
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    countries: row.countries,
    updated: row.updatedAt.toISOString(),
    signups: row.signups,
    enable_site_entry_popup: row.enableSiteEntryPopup,
    logged_out_search: row.loggedOutSearch,
    logged_out_search_trafficsource: row.loggedOutSearchTrafficsource,
    fictional_warning: everyLocale(row.fictionalWarning),
    fictional_singular: everyLocale(row.fictionalSingular),
    fictional_plural: everyLocale(row.fictionalPlural),
    message_credits: row.messageCredits,
    photo_credits: row.photoCredits,
    gift_credits: row.giftCredits,
    signup_credits: row.signupCredits,
    minimum_message_costs: row.minimumMessageCosts,
    refund_days: row.refundDays,
    member_resell: row.memberResell,
    photo_premoderation: row.photoPremoderation,
    niche: row.niche,
    support_email: row.supportEmail,
  };
}
