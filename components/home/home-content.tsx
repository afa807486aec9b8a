import { useFormatter, useTranslations } from 'next-intl';
import { HeartGlyph } from '@/components/likes/heart-glyph';
import { companyNameBeforeStop, localCountryName } from '@/lib/shared/company';
import { PHOTO_LIMIT } from '@/lib/shared/constants';
import type { Locale } from '@/lib/shared/locales';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import type { MemberCard } from '@/lib/shared/schemas/members';
import type { Settings } from '@/lib/shared/schemas/settings';

/** What the visitor home shows besides the site: the country's phrases and its people. */
export interface HomeData {
  locale: Locale;
  settings: Settings;
  company: CompanyInfo;
  countryName: string;
  /** The visitor's country inside the sentences: "in the Netherlands", "aus den Niederlanden". */
  inCountry: string;
  fromCountry: string;
  people: MemberCard[];
}

/**
 * The visitor home (pages/index.tsx): people from the visitor's country first, then what the product
 * is, how credits work, and who runs it. Drawn on the server; its links are plain links (the signup
 * opens in the islands' dialog on desktops).
 */
export function HomeContent(props: HomeData) {
  const { settings, company, locale, people } = props;
  const t = useTranslations('Home');
  const tLikes = useTranslations('Likes');
  const format = useFormatter();
  const minimum = settings.minimum_message_costs[settings.geoip_selected_country];
  const faces = people.slice(0, 5);

  return (
    <>
      <section className="home-hero mb-5" aria-labelledby="home-title">
        <div className="home-hero-text">
          <h1 id="home-title" className="home-title">
            {settings.index_title}
          </h1>
          <p className="lead">{t('heroLead')}</p>
          <div className="d-flex flex-wrap gap-2 mt-4">
            <a href="/signup" className="btn btn-secondary btn-lg">
              {t('signup')}
            </a>
            <a href="/login" className="btn btn-outline-secondary btn-lg">
              {t('login')}
            </a>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">{t('adultsOnly')}</p>
        </div>
        {faces.length >= 3 ? (
          <div className="home-hero-faces" aria-hidden="true">
            {faces.map((person, index) => (
              // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
              <img
                key={person.id}
                src={`${settings.cdn_prefix}${person.main_image?.thumb_filename ?? ''}`}
                alt=""
                width={320}
                height={320}
                fetchPriority={index === 0 ? 'high' : undefined}
                className={`home-face home-face-${index + 1}`}
              />
            ))}
          </div>
        ) : null}
      </section>

      <section className="mb-5" aria-labelledby="people-title">
        <h2 id="people-title" className="h3 mb-1">
          {t('peopleTitle', { inCountry: props.inCountry })}
        </h2>
        <p className="text-body-secondary">
          {people.length ? t('peopleIntro') : t('noPeople', { fromCountry: props.fromCountry })}
        </p>
        {people.length ? (
          <ul className="home-people list-unstyled">
            {people.map((person) => (
              <li key={person.id}>
                <Person person={person} settings={settings} onlineLabel={t('online')} />
                {/* Liking needs an account: the heart leads to signup, as on every visitor's card. */}
                <a
                  href="/signup"
                  className="card-like"
                  aria-label={tLikes('likeName', { name: person.name })}
                >
                  <HeartGlyph filled={false} size={20} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <a href="/signup" className="btn btn-primary btn-lg mt-3">
          {t('meetThem')}
        </a>
      </section>

      <section className="mb-5" aria-labelledby="how-title">
        <h2 id="how-title" className="h3 mb-4">
          {t('howTitle')}
        </h2>
        <ol className="home-columns home-columns-md-3 list-unstyled">
          {(['1', '2', '3'] as const).map((step) => (
            <li key={step}>
              <span className="step-number mb-2" aria-hidden="true">
                {step}
              </span>
              <h3 className="h5">{t(`step${step}Title`)}</h3>
              <p className="mb-0">{t(`step${step}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="home-columns home-columns-lg-2 mb-5">
        <section aria-labelledby="credits-title">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="credits-title" className="h4">
                {t('creditsTitle')}
              </h2>
              <p>{t('creditsIntro')}</p>
              <ul>
                <li>{t('creditsMessage', { credits: settings.message_credits })}</li>
                <li>{t('creditsPhoto', { credits: settings.photo_credits })}</li>
                <li>{t('creditsGift', { credits: settings.gift_credits })}</li>
              </ul>
              {minimum && (
                <p className="mb-0 small text-body-secondary">
                  {t('minimumCost', {
                    amount: format.number(minimum.costs, { style: 'currency', currency: minimum.currency }),
                    country: props.countryName,
                  })}
                </p>
              )}
            </div>
          </div>
        </section>
        <section aria-labelledby="premium-title">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="premium-title" className="h4">
                {t('premiumTitle')}
              </h2>
              <p>{t('premiumBody', { photos: PHOTO_LIMIT.premium })}</p>
              <p className="fw-bold text-secondary mb-0">{t('premiumClaim')}</p>
            </div>
          </div>
        </section>
      </div>

      <div className="home-columns home-columns-lg-3">
        <section aria-labelledby="fictional-title">
          <h2 id="fictional-title" className="h4">
            {t('fictionalTitle')}
          </h2>
          <p>{settings.fictional_warning}</p>
          <a href="/pages/terms">{t('readTerms')}</a>
        </section>
        <section aria-labelledby="safety-title">
          <h2 id="safety-title" className="h4">
            {t('safetyTitle')}
          </h2>
          <p>{t('safetyBody')}</p>
          <a href="/pages/faq">{t('readFaq')}</a>
        </section>
        <section aria-labelledby="trust-title">
          <h2 id="trust-title" className="h4">
            {t('trustTitle', { site: settings.name })}
          </h2>
          <p className="mb-2">
            {companyNameBeforeStop(company.name)}, {company.address}, {company.city},{' '}
            {localCountryName(company.country, locale)}
          </p>
          <p>{t('trustRefund', { refund_days: settings.refund_days })}</p>
        </section>
      </div>
    </>
  );
}

/** A member on the home page: photo, name and age, town, whether online, the fictional mark. */
function Person(props: { person: MemberCard; settings: Settings; onlineLabel: string }) {
  const { person, settings } = props;
  return (
    <a href={`/members/${person.id}`} className="home-person">
      {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already */}
      <img
        src={`${settings.cdn_prefix}${person.main_image?.thumb_filename ?? ''}`}
        alt=""
        width={320}
        height={320}
        loading="lazy"
      />
      <span className="home-person-text">
        <span className="home-person-name">
          <span className="text-truncate">{person.name}</span>
          <span>, {person.age}</span>
          {person.fictional ? (
            <span className="fictional-mark ms-1" title={settings.fictional_singular}>
              <span aria-hidden="true">✦</span>
              <span className="visually-hidden">{settings.fictional_singular}</span>
            </span>
          ) : null}
        </span>
        <span className="home-person-place text-truncate">
          {person.online ? (
            <span className="member-online-dot me-1" role="img" aria-label={props.onlineLabel} />
          ) : null}
          {person.city ?? person.region ?? ''}
        </span>
      </span>
    </a>
  );
}
