// Used by the member landings' getServerSideProps alone (Next drops it from the browser's bundle), so
// without the App Router's 'server-only' mark, which the Pages Router refuses.
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { createTranslator, type Messages } from 'next-intl';
import type { LanderFrame, LanderProps } from '@/components/lander/lander-frame';
import type { LandingFact } from '@/components/lander/member-landing-parts';
import { countryNameIn } from '@/lib/shared/country-names';
import type { MemberDetail } from '@/lib/shared/schemas/members';
import type { SessionUser } from '../auth/sessions';
import { livesIn, type MemberLandingName } from '@/lib/shared/values/landers';
import {
  asJson,
  landerAudience,
  landerFrame,
  landerNotFound,
  requestViewer,
  type LanderAudience,
} from './lander-props';
import { pageServices } from './page-services';

/** The texts a member landing shows besides the lander frame's. */
const NAMESPACES = ['MemberLanding', 'ProfileOptions', 'Interests'];

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

type Context = GetServerSidePropsContext;

/** The member id of the path: a positive integer the database can hold, else null. */
function memberIdOf(context: Context): number | null {
  const raw = context.params?.id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The member a landing is about, as a visitor sees them on `/members/{id}`; null for an id that is
 * no member's, or a member who is hidden (invisible, disabled, deleted) or blocked either way.
 */
async function landingMember(
  context: Context,
  frame: LanderFrame,
  viewer: SessionUser | null,
): Promise<MemberDetail | null> {
  const memberId = memberIdOf(context);
  if (memberId === null) return null;
  const member = await pageServices().getMemberForPage({
    memberId,
    viewer,
    visibleFields: frame.settings.visible_profile_fields,
  });
  if (member === 'hidden' || member === 'blocked' || member.blocked_by_viewer) return null;
  return member;
}

/** What a member landing shows besides the lander frame (see memberLandingServerSideProps). */
export type MemberLanding = LanderAudience & {
  member: MemberDetail;
  /** The member's town, region and country, as the member page says it. */
  location: string;
  /** The member's town, else region, else country: the short form. */
  town: string;
  /** The profile details the site shows, as label and value. */
  facts: LandingFact[];
  interests: string[];
  /** Photos a visitor sees only after signing up, with their blurred previews. */
  lockedPhotos: MemberDetail['photos'];
  others: LanderAudience['audience']['members'];
  othersTitle: string;
  /** The members on the page, for the fictional notice. */
  shown: LanderAudience['audience']['members'];
  profilePath: string;
  chatPath: string;
};

export type MemberLandingProps = LanderProps<{ landing: MemberLanding }>;

/**
 * A member landing's getServerSideProps: the member (name, age, place, main photo, the profile
 * details and interests the site shows, how many more photos there are), `others` other real
 * members of the visitor's country, and the lander's audience (site, counts, campaign place);
 * records the view. The lander 404 for an unknown, invalid, hidden or blocked member, or a path past
 * the variant; a logged-in member needs no landing and goes to the member's page.
 */
export function memberLandingServerSideProps(options: { lander: MemberLandingName; others: number }) {
  return async (context: Context): Promise<GetServerSidePropsResult<MemberLandingProps>> => {
    const [frame, viewer] = await Promise.all([landerFrame(context, NAMESPACES), requestViewer(context)]);
    const member = await landingMember(context, frame, viewer);
    if (!member) return landerNotFound(context, frame);
    if (viewer) return { redirect: { destination: `/members/${member.id}`, permanent: false } };
    const audience = await landerAudience(context, frame, options.lander);
    if (!audience) return landerNotFound(context, frame);

    const { settings, locale } = frame;
    // The frame's messages hold the namespaces asked for (NAMESPACES), the ones read here.
    const messages = frame.messages as Messages;
    const t = createTranslator({ locale, messages, namespace: 'MemberLanding' });
    const tOptions = createTranslator({ locale, messages, namespace: 'ProfileOptions' });
    const tInterests = createTranslator({ locale, messages, namespace: 'Interests' });
    const interests =
      settings.visible_profile_fields.includes('interests') && member.interests.length > 0
        ? await pageServices()
            .cachedInterests()
            .catch(() => null)
        : null;

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

    // Other members: the campaign's place first (landerAudience ordered them). Their heading names
    // the campaign's town or region only when every member shown lives there.
    const others = audience.audience.members.filter((m) => m.id !== member.id).slice(0, options.others);
    const isAtPlace =
      audience.place !== audience.countryName &&
      others.length > 0 &&
      others.every((m) => livesIn(m, audience.place));

    const countryName = countryNameIn(locale, member.country) ?? member.country;
    const landing: MemberLanding = {
      ...audience,
      member,
      location: [member.city, member.region, countryName].filter(Boolean).join(', '),
      town: member.city ?? member.region ?? countryName,
      facts,
      interests: interestLabels.slice(0, INTERESTS_SHOWN),
      lockedPhotos: member.photos.filter((photo) => photo.locked),
      others,
      othersTitle: isAtPlace
        ? t('othersTitle', { inPlace: audience.inPlace })
        : t('othersOnSite', { site: settings.name }),
      shown: [member, ...others],
      profilePath: `/members/${member.id}`,
      chatPath: `/members/${member.id}/chat`,
    };
    return { props: asJson({ frame, landing }) };
  };
}
