import type { CSSProperties } from 'react';
import { laterSrc } from '@/components/lander/lander-image';
import { useTranslations } from 'next-intl';
import { LanderActivity } from '@/components/lander/lander-activity';
import { LanderLayout } from '@/components/lander/lander-layout';
import { LanderFictionalNotice, LanderSignupLink, landerPhoto } from '@/components/lander/lander-member-tile';
import {
  landerServerSideProps,
  type LanderAudience,
  type LanderFrame,
} from '@/lib/server/pages/lander-props';
import { pageServices } from '@/lib/server/pages/page-services';
import { groupByRegion, landerMap } from '@/lib/shared/lander-maps';
import { regionsOf, type Region } from '@/lib/shared/regions';
import type { MemberCard } from '@/lib/shared/schemas/members';
import type { Settings } from '@/lib/shared/schemas/settings';
import { placeKey } from '@/lib/shared/values/landers';

/** Landers run without the framework's scripts in the browser (pages/_app.tsx). */
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export const getServerSideProps = landerServerSideProps({
  lander: 'maplanding',
  namespaces: ['LanderMap'],
  load: async ({ frame }) => ({
    regions: regionsOf(await pageServices().cachedRegions(), frame.settings.geoip_selected_country) ?? [],
  }),
});

const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(2)}%`;

/** A member in the list beside the map: a link to sign up, with the photo, name, age and town. */
function MapMember(props: { member: MemberCard; settings: Settings; onlineLabel: string }) {
  const { member, settings } = props;
  const photo = landerPhoto(settings, member);
  return (
    <a href="/signup" className="lander-map-member">
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
        <img {...laterSrc(photo)} alt="" width={56} height={56} />
      ) : (
        <span className="lander-map-member-blank" aria-hidden="true" />
      )}
      <span className="lander-map-member-text">
        <span className="lander-map-member-name">
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
        {member.city && <span className="lander-map-member-place">{member.city}</span>}
        {member.fictional && <span className="lander-fictional">✦ {settings.fictional_singular}</span>}
      </span>
    </a>
  );
}

/**
 * The map lander: the visitor's country drawn from the shipped map data (lib/shared/lander-maps.ts,
 * rendered here as SVG, nothing fetched from elsewhere), real members of the site's niche as photo
 * pins on their regions, the real counts, and the same members as a list by region for everyone
 * who does not read the map. A campaign slug naming a region (or a town of a member) marks it.
 * Nothing on it moves or opens: it is all markup, with no script of its own.
 */
export default function MapLander(props: LanderAudience & { frame: LanderFrame; regions: Region[] }) {
  const { frame, audience, place, countryName, campaign, regions, inCountry } = props;
  const { settings } = frame;
  const t = useTranslations('LanderMap');
  const tLander = useTranslations('Lander');
  const map = landerMap(settings.geoip_selected_country);
  const members = audience.members;

  // The region the campaign names: a region of the country, or the region of a member's town.
  const wanted = campaign ? placeKey(campaign.words) : null;
  const townRegion = wanted
    ? members.find((m) => m.city && placeKey(m.city) === wanted && m.region)?.region
    : undefined;
  const highlight = wanted
    ? (regions.find((r) => placeKey(r.name) === wanted) ??
      (townRegion ? regions.find((r) => placeKey(r.name) === placeKey(townRegion)) : undefined))
    : undefined;

  const groups = map ? groupByRegion({ members, regions, map, highlight: highlight?.code }) : [];
  const pinned = groups.filter((g) => g.point);
  const onMap = pinned.reduce((sum, g) => sum + g.members.length, 0);
  const highlightPoint = highlight && map ? map.regions[highlight.code] : undefined;
  const hasHighlightMembers = Boolean(highlight && pinned.some((g) => g.code === highlight.code));
  const listGroups = map ? groups : [{ code: null, name: null, point: null, members }];
  // The headline names the marked region when members from there are on the map.
  const headlinePlace = highlight && hasHighlightMembers ? highlight.name : place;

  return (
    <LanderLayout frame={frame} title={t('metaTitle')}>
      <div className="lander-map">
        <div className="container">
          {/* Above the map: its pins show the same members as the list. */}
          <LanderFictionalNotice members={members} settings={settings} />
          <div className="lander-map-layout">
            <header className="lander-map-hero">
              <p className="lander-map-kicker">
                <LanderActivity audience={audience} settings={settings} />
              </p>
              <h1 className="lander-title">{t('title', { place: headlinePlace })}</h1>
              <p className="lead">{t('lead')}</p>
              <p className="lander-map-count">
                {tLander('memberCount', { count: audience.memberCount, inCountry })}
              </p>
              <LanderSignupLink>{t('cta')}</LanderSignupLink>
              <p className="small lander-muted mt-2 mb-0">{tLander('adultsOnly')}</p>
            </header>

            {map && (
              <figure className="lander-map-figure">
                <div
                  className="lander-map-canvas"
                  style={{ '--map-ratio': (map.width / map.height).toFixed(4) } as CSSProperties}
                >
                  <svg
                    className="lander-map-svg"
                    viewBox={`0 0 ${map.width} ${map.height}`}
                    role="img"
                    aria-label={t('mapLabel', { country: countryName })}
                    preserveAspectRatio="xMidYMid meet"
                  >
                    <path className="lander-map-land" d={map.outline} fillRule="evenodd" />
                    {map.insetFrames && <path className="lander-map-inset" d={map.insetFrames} />}
                    {Object.entries(map.regions).map(([code, point]) => (
                      <circle key={code} className="lander-map-dot" cx={point.x} cy={point.y} r={6} />
                    ))}
                    {highlightPoint && (
                      <circle
                        className="lander-map-ring"
                        cx={highlightPoint.x}
                        cy={highlightPoint.y}
                        r={Math.max(map.width, map.height) / 9}
                        data-testid="map-highlight"
                      />
                    )}
                  </svg>
                  <ul className="lander-map-pins" aria-hidden="true">
                    {[...pinned]
                      .sort((a, b) => (a.point?.y ?? 0) - (b.point?.y ?? 0))
                      .map((group) => {
                        const first = group.members[0];
                        const photo = first ? landerPhoto(settings, first) : null;
                        return (
                          <li
                            key={group.code}
                            className={`lander-map-pin${group.code === highlight?.code ? ' is-highlighted' : ''}`}
                            style={{
                              left: pct(group.point?.x ?? 0, map.width),
                              top: pct(group.point?.y ?? 0, map.height),
                            }}
                            data-region={group.code ?? undefined}
                            data-members={group.members.map((m) => m.id).join(' ')}
                          >
                            {photo && (
                              // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                              <img {...laterSrc(photo)} alt="" width={48} height={48} />
                            )}
                            {group.members.length > 1 && (
                              <span className="lander-map-pin-count">{group.members.length}</span>
                            )}
                          </li>
                        );
                      })}
                  </ul>
                </div>
                <figcaption className="lander-map-caption">
                  {t('mapSummary', { members: onMap, regions: pinned.length })}
                  {highlight && (
                    <>
                      {' '}
                      {hasHighlightMembers
                        ? t('regionMarked', { region: highlight.name })
                        : t('regionEmpty', { region: highlight.name })}
                    </>
                  )}
                </figcaption>
              </figure>
            )}
          </div>

          <section className="lander-map-list" aria-labelledby="lander-map-list-title">
            <h2 id="lander-map-list-title" className="lander-map-list-title">
              {t('listTitle')}
            </h2>
            {members.length === 0 ? (
              <p className="lander-muted">{t('empty')}</p>
            ) : (
              <ul className="lander-map-regions">
                {listGroups.map((group) => (
                  <li
                    key={group.code ?? 'elsewhere'}
                    className={`lander-map-region${group.code && group.code === highlight?.code ? ' is-highlighted' : ''}`}
                    data-region={group.code ?? undefined}
                  >
                    <h3 className="lander-map-region-name">
                      {group.name ?? t('elsewhere')}{' '}
                      <span className="lander-map-region-count">
                        {t('regionCount', { count: group.members.length })}
                      </span>
                    </h3>
                    <ul className="lander-map-members">
                      {group.members.map((member) => (
                        <li key={member.id} data-member={member.id}>
                          <MapMember member={member} settings={settings} onlineLabel={tLander('online')} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="text-center my-4">
            <LanderSignupLink>{tLander('signupFree')}</LanderSignupLink>
          </div>
        </div>
      </div>
    </LanderLayout>
  );
}
