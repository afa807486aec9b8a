// The parts of the member landings (pages/members/[id]): rendered on the server only, as every
// lander is; their links to sign up open the lander's signup dialog on desktops.
import type { MemberCard, MemberPhoto } from '@/lib/shared/schemas/members';
import { laterSrc } from '@/components/lander/lander-image';
import type { Settings } from '@/lib/shared/schemas/settings';
import { LanderMemberTile, LanderSignupLink, landerPhoto } from './lander-member-tile';

/** A profile detail the site shows: the field, its label and the member's value, worded. */
export interface LandingFact {
  field: string;
  label: string;
  value: string;
}

/** The member's main photo, large (a visitor sees this one), or their initial when there is none. */
export function LandingPhoto(props: {
  member: MemberCard;
  settings: Settings;
  alt: string;
  className?: string;
}) {
  const src = landerPhoto(props.settings, props.member, true);
  if (!src) {
    return (
      <div className={`ml-photo ml-photo-empty ${props.className ?? ''}`} aria-hidden="true">
        {props.member.name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
    <img
      src={src}
      alt={props.alt}
      width={600}
      height={800}
      className={`ml-photo ${props.className ?? ''}`}
      loading="eager"
      fetchPriority="high"
      decoding="async"
    />
  );
}

/** The member's online state (only when really online) and the site's fictional wording. */
export function LandingBadges(props: { member: MemberCard; settings: Settings; onlineLabel: string }) {
  if (!props.member.online && !props.member.fictional) return null;
  return (
    <span className="ml-badges">
      {props.member.online && (
        <span className="ml-online">
          <span className="ml-online-dot" aria-hidden="true" />
          {props.onlineLabel}
        </span>
      )}
      {props.member.fictional && (
        <span className="lander-fictional ml-fictional">✦ {props.settings.fictional_singular}</span>
      )}
    </span>
  );
}

/** The profile details the site shows, as a list of label and value. */
export function LandingFacts(props: { facts: readonly LandingFact[]; className?: string }) {
  if (props.facts.length === 0) return null;
  return (
    <dl className={`ml-facts ${props.className ?? ''}`}>
      {props.facts.map((fact) => (
        <div key={fact.field} className="ml-fact">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The member's interests as chips, under a heading of the given level. */
export function LandingInterests(props: { interests: string[]; title: string; headingId: string }) {
  if (props.interests.length === 0) return null;
  return (
    <section className="ml-interests" aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="ml-subtitle">
        {props.title}
      </h2>
      <ul>
        {props.interests.map((interest) => (
          <li key={interest}>{interest}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The member's further photos, which a visitor sees only as blurs: how many there are, and signing
 * up to see them (the new member then lands on the member's page).
 */
export function LandingLockedPhotos(props: {
  photos: readonly MemberPhoto[];
  label: string;
  afterSignup: string;
}) {
  const photos = props.photos.filter((photo) => photo.locked).slice(0, 3);
  if (photos.length === 0) return null;
  return (
    <LanderSignupLink className="ml-locked" afterSignup={props.afterSignup}>
      <span className="ml-locked-photos" aria-hidden="true">
        {photos.map((photo) =>
          photo.preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a few blurred pixels, inline
            <img key={photo.id} src={photo.preview} alt="" />
          ) : (
            <span key={photo.id} className="ml-locked-blank" />
          ),
        )}
      </span>
      <span className="ml-locked-text">
        <LandingIcon name="lock" /> {props.label}
      </span>
    </LanderSignupLink>
  );
}

/**
 * Other real members of the visitor's country: each leads to signing up, after which the new member
 * lands on that member's page.
 */
export function LandingOthers(props: {
  members: readonly MemberCard[];
  settings: Settings;
  title: string;
  onlineLabel: string;
  headingId: string;
  className?: string;
}) {
  if (props.members.length === 0) return null;
  return (
    <section className={`ml-others ${props.className ?? ''}`} aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="ml-section-title">
        {props.title}
      </h2>
      <ul className="ml-others-list">
        {props.members.map((member) => (
          <li key={member.id}>
            <LanderSignupLink className="ml-others-link" afterSignup={`/members/${member.id}`}>
              <LanderMemberTile member={member} settings={props.settings} onlineLabel={props.onlineLabel} />
            </LanderSignupLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Other real members as round portraits in a row (swiped sideways on phones), each leading to
 * signing up, after which the new member lands on that member's page.
 */
export function LandingStories(props: {
  members: readonly MemberCard[];
  settings: Settings;
  title: string;
  onlineLabel: string;
  headingId: string;
}) {
  if (props.members.length === 0) return null;
  return (
    <section className="ml-stories" aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="ml-section-title">
        {props.title}
      </h2>
      <ul className="ml-stories-list">
        {props.members.map((member) => {
          const src = landerPhoto(props.settings, member);
          return (
            <li key={member.id}>
              <LanderSignupLink className="ml-story" afterSignup={`/members/${member.id}`}>
                <span className={`ml-story-ring${member.online ? ' is-online' : ''}`}>
                  {src ? (
                    // eslint-disable-next-line @next/next/no-img-element -- thumbnails from the site's CDN
                    <img {...laterSrc(src)} alt="" width={96} height={96} />
                  ) : (
                    <span className="ml-story-initial" aria-hidden="true">
                      {member.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                </span>
                <span className="ml-story-name">
                  {member.name}, {member.age}
                  {member.online && <span className="visually-hidden">, {props.onlineLabel}</span>}
                </span>
                {member.fictional && (
                  <span className="ml-story-fictional">✦ {props.settings.fictional_singular}</span>
                )}
              </LanderSignupLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const ICONS = {
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z',
  lock: 'M17 9h-1V7a4 4 0 0 0-8 0v2H7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2Zm-7-2a2 2 0 1 1 4 0v2h-4V7Zm2 11a2 2 0 1 1 0-4 2 2 0 0 1 0 4Z',
  heart:
    'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 2.9 4.5 6.6 4.5c2.1 0 3.6 1.1 4.4 2.5h2c.8-1.4 2.3-2.5 4.4-2.5 3.7 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21Z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
} as const;

/** A small drawn icon beside a text that says the same (hidden from screen readers). */
export function LandingIcon(props: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg
      className={`ml-icon ${props.className ?? ''}`}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={ICONS[props.name]} />
    </svg>
  );
}
