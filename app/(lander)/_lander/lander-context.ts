import 'server-only';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';
import { countryNameIn } from '@/lib/shared/country-names';
import { parseTrackingCookie, trackingFromQuery } from '@/lib/shared/attribution';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import { campaignPlace, campaignSlug, livesIn, type FunnelLander } from '@/lib/shared/values/landers';

type SearchParams = Record<string, string | string[] | undefined>;

/** The traffic source of this visit: the entry URL's, else the one stored at the first touch. */
async function visitTracking(searchParams: SearchParams): Promise<Tracking | null> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) if (typeof value === 'string') query.set(key, value);
  return trackingFromQuery(query) ?? parseTrackingCookie((await cookies()).get(TRACKING_COOKIE)?.value);
}

/**
 * What every lander page starts from: the site, the locale, the real members of the visitor's
 * country and the site's niche with real counts, and the campaign variant of the URL (never a 404
 * for an unknown one; a path of more than one segment after the lander is). A slug naming a town or
 * region where members live puts them first and becomes the lander's `place`. Records the view in the
 * acquisition funnel, without making the visitor wait for it.
 */
export async function landerContext(options: {
  lander: FunnelLander;
  slug?: string[];
  searchParams: Promise<SearchParams>;
}) {
  if (options.slug && options.slug.length > 1) notFound();
  const [{ settings, locale, company }, searchParams] = await Promise.all([
    getPageContext(),
    options.searchParams,
  ]);
  const campaign = campaignSlug(options.slug?.[0]);
  const [audience, tracking] = await Promise.all([
    pageServices().landerAudience({ country: settings.geoip_selected_country, niche: settings.niche }),
    visitTracking(searchParams),
  ]);
  const place = campaign ? campaignPlace(campaign.words, audience.members) : null;
  const members = place
    ? [...audience.members.filter((m) => livesIn(m, place)), ...audience.members.filter((m) => !livesIn(m, place))]
    : audience.members;
  const countryName = countryNameIn(locale, settings.geoip_selected_country) ?? settings.geoip_selected_country;
  void pageServices()
    .recordFunnelEvent({ kind: 'lander_view', lander: options.lander, slug: campaign?.slug, tracking })
    .catch((error: unknown) => console.error('[landers] the view was not recorded:', error));
  return {
    settings,
    locale,
    company,
    audience: { ...audience, members },
    campaign,
    /** Where the members are: the slug's town or region when members live there, else the country. */
    place: place ?? countryName,
    countryName,
    tracking,
  };
}
