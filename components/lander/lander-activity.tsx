import { useLocale, useTranslations } from 'next-intl';
import type { MemberCard } from '@/lib/shared/schemas/members';
import type { Settings } from '@/lib/shared/schemas/settings';
import { landerPhoto } from './lander-member-tile';

/** How many recently active members the line names. */
const NAMED = 3;

/**
 * The lander's activity line, always real: how many members are online now, or, when nobody is, the
 * members who were active most recently (their faces and first names), instead of telling an ad
 * visitor that nobody is there. Nothing when the country has no members to show.
 */
export function LanderActivity(props: {
  audience: { onlineCount: number; members: MemberCard[] };
  settings: Settings;
}) {
  const t = useTranslations('Lander');
  const locale = useLocale();
  const { onlineCount, members } = props.audience;
  if (onlineCount > 0)
    return (
      <>
        <span className="lander-online-dot" aria-hidden="true" /> {t('onlineCount', { count: onlineCount })}
      </>
    );
  // The audience is ordered by last activity, members of flesh and blood first.
  const real = members.filter((member) => !member.fictional);
  const recent = (real.length ? real : members).slice(0, NAMED);
  if (recent.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(recent.map((m) => m.name));
  return (
    <span className="lander-recent" data-testid="lander-recent">
      <span className="lander-recent-faces" aria-hidden="true">
        {recent.map((member) => {
          const photo = landerPhoto(props.settings, member);
          return photo ? (
            // eslint-disable-next-line @next/next/no-img-element -- small thumbnails from the site's CDN
            <img key={member.id} src={photo} alt="" width={28} height={28} decoding="async" />
          ) : null;
        })}
      </span>
      <span>
        {t('recentlyActive')}: {names}
      </span>
    </span>
  );
}
