'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useUser } from '@/lib/api/hooks';
import { FREE_CONVERSATION_LIMIT, PHOTO_LIMIT } from '@/lib/shared/constants';
import { ChatMark, CrownMark, EyeMark, HeartMark, PhotosMark } from './payment-icons';

/** `/premium`: what premium brings and the way in (any bundle); a premium member sees they have it. */
export function PremiumOverview() {
  const t = useTranslations('Payments');
  const { data: user } = useUser();
  const premium = Boolean(user?.paid_user);
  const features = [
    { icon: <EyeMark size={26} />, title: t('featureAllPhotos'), text: t('featureAllPhotosText') },
    {
      icon: <PhotosMark size={26} />,
      title: t('featurePhotos', { count: PHOTO_LIMIT.premium }),
      text: t('featurePhotosText', { premium: PHOTO_LIMIT.premium, free: PHOTO_LIMIT.free }),
    },
    {
      icon: <ChatMark size={26} />,
      title: t('featureNoLimits'),
      text: t('featureNoLimitsText', { count: FREE_CONVERSATION_LIMIT }),
    },
    { icon: <HeartMark size={26} />, title: t('featureKeep'), text: t('featureKeepText') },
  ];
  return (
    <div className="money-page premium-page">
      <header className="premium-hero">
        <span className="premium-crown">
          <CrownMark size={40} />
        </span>
        <h1 className="money-title">{t('premiumTitle')}</h1>
        <p className="premium-claim">{t('premiumClaim')}</p>
        <p className="money-lead">{premium ? t('youArePremiumText') : t('premiumIntro')}</p>
        {premium ? <p className="premium-active">{t('youArePremium')}</p> : null}
      </header>
      <ul className="premium-features list-unstyled">
        {features.map((feature) => (
          <li key={feature.title} className="premium-feature">
            <span className="premium-feature-icon">{feature.icon}</span>
            <span>
              <span className="d-block fw-bold">{feature.title}</span>
              <span className="small text-body-secondary">{feature.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="premium-cta">
        {user ? (
          <Link href="/credits" className="btn btn-primary btn-lg w-100">
            {premium ? t('topUp') : t('getPremium')}
          </Link>
        ) : (
          <Link href="/login?redirect=/premium" className="btn btn-primary btn-lg w-100">
            {t('loginForPremium')}
          </Link>
        )}
        {!premium ? (
          <p className="small text-body-secondary text-center mt-2 mb-0">{t('premiumHow')}</p>
        ) : null}
      </div>
    </div>
  );
}
