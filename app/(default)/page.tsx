import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getPageContext } from '@/lib/server/pages/page-context';
import { PHOTO_LIMIT } from '@/lib/shared/constants';

/** The public home: what the product is, how credits work, the fictional-profile disclosure. */
export default async function HomePage() {
  const t = await getTranslations('Home');
  const format = await getFormatter();
  const { settings } = await getPageContext();
  const country = settings.geoip_selected_country;
  const minimum = settings.minimum_message_costs[country];
  const countryName =
    new Intl.DisplayNames([await getLocaleTag()], { type: 'region' }).of(country) ?? country;

  return (
    <>
      <section className="hero p-4 p-md-5 mb-5" aria-labelledby="home-title">
        <h1 id="home-title" className="display-6 fw-bold">
          {settings.index_title}
        </h1>
        <p className="lead">{t('heroLead')}</p>
        <p>{settings.description}</p>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Link href="/signup" className="btn btn-secondary btn-lg">
            {t('signup')}
          </Link>
          <Link href="/login" className="btn btn-outline-dark btn-lg">
            {t('login')}
          </Link>
        </div>
        <p className="small mt-3 mb-0">{t('adultsOnly')}</p>
      </section>

      <section className="mb-5" aria-labelledby="how-title">
        <h2 id="how-title" className="h3 mb-4">
          {t('howTitle')}
        </h2>
        <ol className="row list-unstyled g-4">
          {(['1', '2', '3'] as const).map((step) => (
            <li key={step} className="col-md-4">
              <span className="step-number mb-2" aria-hidden="true">
                {step}
              </span>
              <h3 className="h5">{t(`step${step}Title`)}</h3>
              <p className="mb-0">{t(`step${step}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="row g-4 mb-5">
        <section className="col-lg-6" aria-labelledby="credits-title">
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
                    country: countryName,
                  })}
                </p>
              )}
            </div>
          </div>
        </section>
        <section className="col-lg-6" aria-labelledby="premium-title">
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

      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="fictional-title">
          <h2 id="fictional-title" className="h4">
            {t('fictionalTitle')}
          </h2>
          <p>{settings.fictional_warning}</p>
          <Link href="/pages/terms">{t('readTerms')}</Link>
        </section>
        <section className="col-lg-6" aria-labelledby="safety-title">
          <h2 id="safety-title" className="h4">
            {t('safetyTitle')}
          </h2>
          <p>{t('safetyBody')}</p>
          <Link href="/pages/faq">{t('readFaq')}</Link>
        </section>
      </div>
    </>
  );
}

async function getLocaleTag(): Promise<string> {
  return (await getPageContext()).locale;
}
