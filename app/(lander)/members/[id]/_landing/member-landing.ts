import 'server-only';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { landerContext } from '@/app/(lander)/_lander/lander-context';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';
import { countryNameIn } from '@/lib/shared/country-names';
import type { MemberDetail } from '@/lib/shared/schemas/members';
import type { MemberLandingName } from '@/lib/shared/values/landers';
import { livesIn } from '@/lib/shared/values/landers';

type SearchParams = Record<string, string | string[] | undefined>;

/** The profile fields a landing lists, in this order, each only when the site shows it. */
const FACT_FIELDS = [
  'relationship_status',
  'sexuality',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
] as const;

/** The most interests a landing names. */
const INTERESTS_SHOWN = 6;

/**
 * The member a landing is about, as a visitor sees them on `/members/{id}`; the 404 page for an id
 * that is no member's, or a member who is hidden (invisible, disabled, deleted) or blocked either way.
 * A logged-in member needs no landing: they go to the member's page. Once per request.
 */
const landingMember = cache(async (rawId: string): Promise<MemberDetail> => {
  const memberId = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647) notFound();
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  const member = await pageServices().getMemberForPage({
    memberId,
    viewer,
    visibleFields: settings.visible_profile_fields,
  });
  if (member === 'hidden' || member === 'blocked' || member.blocked_by_viewer) notFound();
  if (viewer) redirect(`/members/${memberId}`);
  return member;
});

/** The title of a member landing: the member's name and age; never indexed. */
export async function memberLandingMetadata(params: Promise<{ id: string }>): Promise<Metadata> {
  const member = await landingMember((await params).id);
  return { title: `${member.name}, ${member.age}`, robots: { index: false } };
}

/**
 * What a member landing shows: the member (name, age, place, main photo, the profile details and
 * interests the site shows, how many more photos there are), a few other real members of the
 * visitor's country, and the lander's context (site, counts, campaign place). Records the view.
 */
export async function memberLanding(options: {
  params: Promise<{ id: string; slug?: string[] }>;
  searchParams: Promise<SearchParams>;
  lander: MemberLandingName;
  /** How many other members the page shows. */
  others: number;
}) {
  const params = await options.params;
  const member = await landingMember(params.id);
  const context = await landerContext({
    lander: options.lander,
    slug: params.slug,
    searchParams: options.searchParams,
  });
  const { settings, locale, audience } = context;
  const [t, tOptions, tInterests, interests] = await Promise.all([
    getTranslations('MemberLanding'),
    getTranslations('ProfileOptions'),
    getTranslations('Interests'),
    settings.visible_profile_fields.includes('interests') && member.interests.length > 0
      ? pageServices()
          .cachedInterests()
          .catch(() => null)
      : null,
  ]);

  const facts = FACT_FIELDS.flatMap((field) => {
    const value = member[field];
    if (value === null || !settings.visible_profile_fields.includes(field)) return [];
    return [{ field, label: tOptions(`fields.${field}`), value: tOptions(`${field}.${value}` as never) }];
  });
  const slugs = new Map(interests?.interests.map((interest) => [interest.id, interest.slug]));
  const interestLabels = member.interests.flatMap((id) => {
    const slug = slugs.get(id);
    if (!slug) return [];
    return [tInterests.has(slug as never) ? tInterests(slug as never) : slug];
  });

  // Other members: the campaign's place first (landerContext ordered them). Their heading names the
  // campaign's town or region only when every member shown lives there.
  const others = audience.members.filter((m) => m.id !== member.id).slice(0, options.others);
  const isAtPlace =
    context.place !== context.countryName && others.length > 0 && others.every((m) => livesIn(m, context.place));

  const countryName = countryNameIn(locale, member.country) ?? member.country;
  return {
    ...context,
    member,
    /** The member's town, region and country, as the member page says it. */
    location: [member.city, member.region, countryName].filter(Boolean).join(', '),
    /** The member's town, else region, else country: the short form. */
    town: member.city ?? member.region ?? countryName,
    facts,
    interests: interestLabels.slice(0, INTERESTS_SHOWN),
    /** Photos a visitor sees only after signing up, with their blurred previews. */
    lockedPhotos: member.photos.filter((photo) => photo.locked),
    others,
    othersTitle: isAtPlace
      ? t('othersTitle', { place: context.place })
      : t('othersOnSite', { site: settings.name }),
    /** The members on the page, for the fictional notice. */
    shown: [member, ...others],
    profilePath: `/members/${member.id}`,
    chatPath: `/members/${member.id}/chat`,
  };
}

export type MemberLanding = Awaited<ReturnType<typeof memberLanding>>;
