import { useLocale, useTranslations } from 'next-intl';
import { countryNameIn } from '@/lib/shared/country-names';
import type { PromotedCamCard } from '@/lib/shared/values/cams';

/**
 * A row of promoted partner cams (spec §1 "resold member cams"), rendered on the server with no
 * script (by the search's server component and by the landers): plainly an advertisement, as a whole and on every card, saying they are not members;
 * each links out through the site (which counts the click) to the partner in a new tab, marked
 * `sponsored`. Nothing when there are no cams (the site's `member_resell` is off). Any lander may
 * show it: `<PromotedCams cams={await pageServices().promotedCams({ settings, placement })} … />`.
 */
export function PromotedCams(props: {
  cams: readonly PromotedCamCard[];
  siteName: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const t = useTranslations('PromotedCams');
  const locale = useLocale();
  if (props.cams.length === 0) return null;
  const Heading = `h${props.headingLevel ?? 2}` as const;
  const headingId = `promoted-cams-${props.cams.map((cam) => cam.id).join('-')}`.slice(0, 80);
  return (
    <section className={`promoted-cams ${props.className ?? ''}`} aria-labelledby={headingId}>
      <div className="promoted-cams-head">
        <Heading id={headingId} className="promoted-cams-title">
          {t('title')}
        </Heading>
        <span className="promoted-cams-ad">{t('advertisement')}</span>
      </div>
      <p className="promoted-cams-notice">{t('notice', { site: props.siteName })}</p>
      <ul className="promoted-cams-list">
        {props.cams.map((cam) => (
          <li key={cam.id}>
            <a className="promoted-cam" href={cam.href} target="_blank" rel="sponsored noopener">
              {/* eslint-disable-next-line @next/next/no-img-element -- the partner's picture, or one of the app's own drawings */}
              <img src={cam.image} alt="" width={240} height={300} loading="lazy" decoding="async" />
              <span className="promoted-cam-ad">{t('advertisement')}</span>{' '}
              <span className="promoted-cam-caption">
                <span className="promoted-cam-name">
                  {cam.name}, {cam.age}
                </span>{' '}
                <span className="promoted-cam-place">
                  {countryNameIn(locale, cam.country) ?? cam.country}
                </span>
              </span>{' '}
              <span className="visually-hidden">({t('opensPartner')})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
