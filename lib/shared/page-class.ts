import { z } from 'zod';
import type { MemberOffers } from './page-holes';
import type { User } from './schemas/user';

/**
 * Render-once pages (lib/server/page-cache): a page that is the same for every viewer of a class is
 * rendered once for the class and served from a cache; what is the viewer's own comes with each
 * answer as the page's holes (below) and fills the page once it runs.
 *
 * The class a page is rendered for: set by the server on its own render requests only (it removes the
 * header from every request that comes from outside), read by the page instead of the session.
 */
export const PAGE_CLASS_HEADER = 'x-lovelane-page-class';

/** Carries the server's render token (LOVELANE_RENDER_TOKEN) on its own render requests. */
export const RENDER_TOKEN_HEADER = 'x-lovelane-render-token';

/** Set (to the render token) on a page view the server has counted against the reading limit already. */
export const PAGE_COUNTED_HEADER = 'x-lovelane-page-counted';

/** A fresh script nonce for a page's Content-Security-Policy (one per answer, never reused). */
export function scriptNonce(): string {
  return Buffer.from(crypto.randomUUID()).toString('base64');
}

/** Whether a page request carries a header the server set with its render token (never a client's). */
export function hasServerMark(value: string | null | undefined): boolean {
  const token = process.env.LOVELANE_RENDER_TOKEN;
  return Boolean(token) && value === token;
}

const PageClassSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('visitor') }).strict(),
  z
    .object({
      kind: z.literal('member'),
      paid_user: z.boolean(),
      fictional_icon: z.boolean(),
      status: z.string(),
      profile_status: z.string(),
      language: z.string(),
      /** The discount the frame's banner shows (the time bonus, else the welcome code), or null. */
      offer: z
        .object({ kind: z.enum(['time_bonus', 'welcome']), code: z.string(), percentage: z.number() })
        .strict()
        .nullable(),
      /** The search page: where the members of the class start their search. */
      filters: z
        .object({ gender: z.enum(['male', 'female']).optional(), country: z.string().optional() })
        .strict()
        .optional(),
    })
    .strict(),
]);
export type PageClass = z.infer<typeof PageClassSchema>;

export function parsePageClass(value: string | null | undefined): PageClass | null {
  if (!value) return null;
  try {
    const parsed = PageClassSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type MemberClass = Extract<PageClass, { kind: 'member' }>;

/** The discount the banner shows for these offers, as the frame chooses it (use-active-discount.ts). */
export function offerOf(offers: MemberOffers | null, now: number): MemberClass['offer'] {
  if (!offers) return null;
  const bonus = offers.timeBonus;
  if (bonus && bonus.seconds_left > 0)
    return { kind: 'time_bonus', code: bonus.code, percentage: bonus.value_percentage };
  const welcome = offers.welcome;
  if (
    !bonus &&
    welcome &&
    !welcome.expired &&
    welcome.status === 'active' &&
    (!welcome.expires || Date.parse(welcome.expires) > now)
  )
    return { kind: 'welcome', code: welcome.code, percentage: welcome.value_percentage };
  return null;
}

/**
 * The offers a class render shows: the class's discount, with a time left that the page does not
 * show until its holes are filled (the banner's clock waits for them).
 */
export function standInOffers(pageClass: MemberClass): MemberOffers {
  const offer = pageClass.offer;
  if (offer?.kind === 'time_bonus')
    return {
      welcome: null,
      timeBonus: { code: offer.code, value_percentage: offer.percentage, seconds_left: 3_600 },
    };
  if (offer?.kind === 'welcome')
    return {
      timeBonus: null,
      welcome: {
        code: offer.code,
        country: null,
        user_id: null,
        expires: null,
        value_percentage: offer.percentage,
        currency: null,
        minimum_order_value: null,
        status: 'active',
        validity: 'once_per_user',
        expired: false,
        paymentmethods: [],
      },
    };
  return { welcome: null, timeBonus: null };
}

/** The class of a member: what of the member a page shows the same way for everyone in it. */
export function memberPageClass(
  user: User,
  offer: MemberClass['offer'],
  filters?: MemberClass['filters'],
): PageClass {
  return {
    ...(filters ? { filters } : {}),
    offer,
    kind: 'member',
    paid_user: user.paid_user,
    fictional_icon: user.fictional_icon,
    status: user.status,
    profile_status: user.profile.status,
    language: user.language,
  };
}

/**
 * The member a class render shows: the class's own values, nobody's name, photo or credits. The
 * frame shows placeholders for those until the page's holes are filled (usePageHolesPending).
 */
export function standInUser(pageClass: MemberClass): User {
  return {
    status: pageClass.status,
    credits: 0,
    paid_user: pageClass.paid_user,
    fictional_icon: pageClass.fictional_icon,
    language: pageClass.language,
    notifications_disabled: [],
    email_notifications_stopped: null,
    push_offer_dismissed_at: null,
    profile: { status: pageClass.profile_status, name: '', country: '', main_image: null },
  };
}
