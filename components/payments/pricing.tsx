'use client';

import { useTranslations } from 'next-intl';
import { useUser } from '@/lib/api/hooks';
import { useBundles, usePaymentCountry } from '@/lib/api/payments';
import { usePaymentCountryName as useCountryName } from './country-name';
import { BundleList, CountryPicker } from './credits-overview';
import { ChatMark, CoinMark, HeartMark, PhotosMark, ShieldMark } from './payment-icons';
import { LoadFailed } from './load-failed';

/** `/pricing`: the bundles and what a message, photo and gift cost, for the visitor's country. */
export function Pricing() {
  const t = useTranslations('Payments');
  const { data: user } = useUser();
  const countryName = useCountryName();
  const [remembered, pickCountry] = usePaymentCountry();
  const bundles = useBundles(remembered);
  const data = bundles.data;

  return (
    <div className="money-page">
      <header className="money-hero">
        <h1 className="money-title">{t('pricingTitle')}</h1>
        <p className="money-lead">{t('pricingIntro')}</p>
      </header>
      {bundles.isError && !data ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => void bundles.refetch()} />
      ) : !data ? (
        <p className="text-body-secondary" role="status">
          {t('loading')}
        </p>
      ) : (
        <>
          <section className="money-card" aria-labelledby="pricing-costs">
            <h2 id="pricing-costs" className="money-section-title">
              {t('pricingCosts')}
            </h2>
            <ul className="price-list list-unstyled mb-0">
              <li>
                <ChatMark /> <span className="flex-grow-1">{t('costMessage')}</span>
                <strong>{t('creditsCount', { count: data.prices.message })}</strong>
              </li>
              <li>
                <PhotosMark /> <span className="flex-grow-1">{t('costPhoto')}</span>
                <strong>{t('creditsCount', { count: data.prices.photo })}</strong>
              </li>
              <li>
                <HeartMark /> <span className="flex-grow-1">{t('costGift')}</span>
                <strong>{t('creditsCount', { count: data.prices.gift })}</strong>
              </li>
            </ul>
          </section>
          <h2 className="money-section-title mt-4">
            <CoinMark /> {t('pricingBundles', { country: countryName(data.country) })}
          </h2>
          <CountryPicker data={data} onPick={pickCountry} />
          <BundleList
            data={data}
            discount={null}
            hrefOf={(bundle) => (user ? `/credits/${bundle}?country=${data.country}` : `/signup`)}
            actionText={user ? undefined : t('signupShort')}
            actionLabel={(credits) =>
              user ? t('chooseBundle', { count: credits }) : t('signupFor', { count: credits })
            }
          />
          <ul className="money-assurances list-unstyled">
            <li>
              <ShieldMark /> {t('refund', { refund_days: data.refund_days })}
            </li>
            <li>
              <ShieldMark /> {t('noSubscription')}
            </li>
            <li>
              <ShieldMark /> {t('pricingFree')}
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
