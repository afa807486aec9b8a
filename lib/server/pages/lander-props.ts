// Used by getServerSideProps alone (Next drops it from the browser's bundle), so without the App
// Router's 'server-only' mark, which the Pages Router refuses.
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { AbstractIntlMessages } from 'next-intl';
import { pickNamespaces } from '@/lib/i18n/client-messages';
import { LOCALE_HEADER } from '@/lib/i18n/locale-header';
import { parseTrackingCookie, trackingFromQuery } from '@/lib/shared/attribution';
import {
  ENTRY_WARNING_COOKIE,
  LOCALE_COOKIE,
  parseTheme,
  SESSION_COOKIE,
  THEME_COOKIE,
} from '@/lib/shared/constants';
import { countryNameIn } from '@/lib/shared/country-names';
import { countryPhrase, placePhrase } from '@/lib/shared/country-phrases';
import { isLocale, LOCALE_NAMES, resolveLocale, visibleLocales, type Locale } from '@/lib/shared/locales';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import { campaignPlace, campaignSlug, livesIn, type FunnelLander } from '@/lib/shared/values/landers';
import { isTestSite } from '@/lib/shared/values/payments';
import type { SessionUser } from '../auth/sessions';
import { loadPageContext } from './load-page-context';
import type { LanderFrame, LanderProps } from '@/components/lander/lander-frame';

export type { LanderFrame, LanderProps };
import { pageServices } from './page-services';

/** The namespaces every lander shows: its bar, footer, entry warning, signup dialog and 404. */
const FRAME_NAMESPACES = [
  'Common',
  'Lander',
  'LanguageDropdown',
  'EntryWarning',
  'Footer',
  'ErrorPage',
  'Signup',
];

type Context = GetServerSidePropsContext;

const header = (context: Context, name: string): string | null => {
  const value = context.req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** The locale as proxy.ts resolved it, re-checked as lib/i18n/request.ts does for the App Router. */
function requestLocale(context: Context): Locale {
  const resolved = header(context, LOCALE_HEADER);
  if (isLocale(resolved)) return resolved;
  return resolveLocale({
    cookie: context.req.cookies[LOCALE_COOKIE],
    acceptLanguage: header(context, 'accept-language'),
  }).locale;
}

async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  return ((await import(`../../../messages/${locale}.json`)) as { default: Record<string, unknown> }).default;
}

const viewers = new WeakMap<Context['req'], Promise<SessionUser | null>>();

/** The session of a lander request, or null for a visitor: looked up once per request. */
export function requestViewer(context: Context): Promise<SessionUser | null> {
  let viewer = viewers.get(context.req);
  if (!viewer) {
    const token = context.req.cookies[SESSION_COOKIE];
    viewer = token ? pageServices().findSessionUser({ token }) : Promise.resolve(null);
    viewers.set(context.req, viewer);
  }
  return viewer;
}

/** The lander layout's part of the props: site, locale, texts (the frame's and `namespaces`), visitor. */
export async function landerFrame(context: Context, namespaces: readonly string[]): Promise<LanderFrame> {
  const locale = requestLocale(context);
  const isTestSiteNow = isTestSite(pageServices().env());
  const [{ settings, company }, messages, viewer] = await Promise.all([
    loadPageContext({ header: (name) => header(context, name), locale }),
    loadMessages(locale),
    requestViewer(context),
  ]);
  return {
    locale,
    messages: pickNamespaces(messages, [
      ...FRAME_NAMESPACES,
      ...(isTestSiteNow ? ['TestSite'] : []),
      ...namespaces,
    ]) as AbstractIntlMessages,
    settings,
    company,
    languages: visibleLocales(settings.geoip_selected_country, locale).map((code) => ({
      code,
      name: LOCALE_NAMES[code],
    })),
    theme: parseTheme(context.req.cookies[THEME_COOKIE]),
    isMember: viewer !== null,
    showEntryWarning: settings.enable_site_entry_popup && context.req.cookies[ENTRY_WARNING_COOKIE] !== '1',
    isTestSite: isTestSiteNow,
    nonce: header(context, 'x-nonce'),
  };
}

/** The traffic source of this visit: the entry URL's, else the one stored at the first touch. */
function visitTracking(context: Context): Tracking | null {
  const query = new URL(context.resolvedUrl, 'http://lander.invalid').searchParams;
  return trackingFromQuery(query) ?? parseTrackingCookie(context.req.cookies[TRACKING_COOKIE]);
}

/**
 * What every lander starts from: the real members of the visitor's country and the site's niche
 * with real counts, and the campaign variant of the URL (never a 404 for an unknown one; a path of
 * more than one segment after the lander is). A slug naming a town or region where members live puts
 * them first and becomes the lander's `place`. Records the view in the acquisition funnel, without
 * making the visitor wait for it.
 */
export async function landerAudience(context: Context, frame: LanderFrame, lander: FunnelLander) {
  const slug = context.params?.slug;
  const segments = Array.isArray(slug) ? slug : slug ? [slug] : [];
  if (segments.length > 1) return null;
  const { settings, locale } = frame;
  const campaign = campaignSlug(segments[0]);
  const tracking = visitTracking(context);
  const audience = await pageServices().landerAudience({
    country: settings.geoip_selected_country,
    niche: settings.niche,
  });
  const place = campaign ? campaignPlace(campaign.words, audience.members) : null;
  const members = place
    ? [
        ...audience.members.filter((m) => livesIn(m, place)),
        ...audience.members.filter((m) => !livesIn(m, place)),
      ]
    : audience.members;
  const countryName =
    countryNameIn(locale, settings.geoip_selected_country) ?? settings.geoip_selected_country;
  void pageServices()
    .recordFunnelEvent({ kind: 'lander_view', lander, slug: campaign?.slug, tracking })
    .catch((error: unknown) => console.error('[landers] the view was not recorded:', error));
  return {
    audience: { ...audience, members },
    campaign: campaign ?? null,
    /** Where the members are: the slug's town or region when members live there, else the country. */
    place: place ?? countryName,
    countryName,
    /** The country as the language puts it into a sentence: "in den Niederlanden", "aux Pays-Bas". */
    inCountry: countryPhrase(locale, settings.geoip_selected_country, 'in', countryName),
    fromCountry: countryPhrase(locale, settings.geoip_selected_country, 'from', countryName),
    /** `place` inside a sentence: "in Utrecht", or the country's own phrase ("in den Niederlanden"). */
    inPlace: placePhrase(
      locale,
      place ? { town: place } : { country: settings.geoip_selected_country, name: countryName },
      'in',
    ),
    fromPlace: placePhrase(
      locale,
      place ? { town: place } : { country: settings.geoip_selected_country, name: countryName },
      'from',
    ),
  };
}

export type LanderAudience = NonNullable<Awaited<ReturnType<typeof landerAudience>>>;

/** Props as JSON carries them (getServerSideProps refuses `undefined` anywhere inside). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A lander's getServerSideProps: the frame, the lander's audience, and what `load` adds; a lander
 * 404 (status 404, in the lander layout) when `load` returns null or the path has too many segments.
 */
export function landerServerSideProps<Data extends object>(options: {
  lander: FunnelLander;
  namespaces: readonly string[];
  load: (input: { context: Context; frame: LanderFrame; audience: LanderAudience }) => Promise<Data | null>;
}) {
  return async (context: Context): Promise<GetServerSidePropsResult<LanderProps<Data & LanderAudience>>> => {
    const frame = await landerFrame(context, options.namespaces);
    const audience = await landerAudience(context, frame, options.lander);
    const data = audience ? await options.load({ context, frame, audience }) : null;
    if (!audience || !data) return landerNotFound(context, frame);
    return { props: asJson({ frame, ...audience, ...data }) };
  };
}

/** The lander 404: the page of an unknown member or path, in the lander layout. */
export function landerNotFound<T>(
  context: Context,
  frame: LanderFrame,
): GetServerSidePropsResult<LanderProps<T>> {
  context.res.statusCode = 404;
  return { props: asJson({ frame, notFound: true as const }) };
}

export { asJson };
