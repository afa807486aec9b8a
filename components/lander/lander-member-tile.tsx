import type { MemberCard } from '@/lib/shared/schemas/members';
import { laterSrc } from '@/components/lander/lander-image';
import type { Settings } from '@/lib/shared/schemas/settings';

/** A member's main photo address as the site serves it (the thumbnail unless `large`). */
export function landerPhoto(settings: Settings, member: MemberCard, large = false): string | null {
  const image = member.main_image;
  if (!image) return null;
  return `${settings.cdn_prefix}${large ? image.filename : image.thumb_filename}`;
}

/**
 * A member on a lander: photo, name, age and place, an online dot only when the member is online
 * (a real reading), and the site's fictional wording on a fictional profile (before any signup, as
 * German and Dutch rules ask). `priority` marks the first photos, which decide how fast the lander
 * shows (Largest Contentful Paint).
 */
export function LanderMemberTile(props: {
  member: MemberCard;
  settings: Settings;
  onlineLabel: string;
  large?: boolean;
  priority?: boolean;
  className?: string;
}) {
  const { member, settings } = props;
  const photo = landerPhoto(settings, member, props.large);
  const place = member.city ?? member.region;
  return (
    <figure className={`lander-tile ${props.className ?? ''}`}>
      {photo && (
        // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
        <img
          {...(props.priority
            ? { src: photo, loading: 'eager', fetchPriority: 'high', decoding: 'async' }
            : laterSrc(photo))}
          alt=""
          width={props.large ? 600 : 300}
          height={props.large ? 800 : 400}
        />
      )}
      <figcaption className="lander-tile-caption">
        <span className="lander-tile-name">
          {member.name}, {member.age}
          {member.online && (
            <span
              className="lander-online-dot"
              role="img"
              aria-label={props.onlineLabel}
              title={props.onlineLabel}
            />
          )}
        </span>
        {place && <span className="lander-tile-place">{place}</span>}
        {member.fictional && <span className="lander-fictional">✦ {settings.fictional_singular}</span>}
      </figcaption>
    </figure>
  );
}

/**
 * The notice above a lander that shows a fictional profile: the site's own wording, visible before
 * any signup. Nothing when every member shown is real.
 */
export function LanderFictionalNotice(props: { members: readonly MemberCard[]; settings: Settings }) {
  if (!props.members.some((member) => member.fictional)) return null;
  return (
    <p className="lander-fictional-notice" data-testid="fictional-notice">
      <span aria-hidden="true">✦ </span>
      {props.settings.fictional_warning}
    </p>
  );
}

/**
 * The call to sign up: a dialog on desktop, the signup page on phones (see lander-signup.tsx). With
 * `afterSignup`, the new member goes there after signing up: from the dialog, and from the signup
 * page through its `next` query.
 */
export function LanderSignupLink(props: {
  children: React.ReactNode;
  className?: string;
  afterSignup?: string;
}) {
  return (
    <a
      href={props.afterSignup ? `/signup?next=${encodeURIComponent(props.afterSignup)}` : '/signup'}
      className={props.className ?? 'btn btn-secondary btn-lg lander-cta'}
      data-after-signup={props.afterSignup}
    >
      {props.children}
    </a>
  );
}
