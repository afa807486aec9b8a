'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useSettings } from '@/lib/api/hooks';
import { useInstallPrompt } from '../install-app/use-install-prompt';
import { usePushState } from '../push/use-push-state';
import { PhoneIcon } from './notification-icons';

/**
 * Installing the site as an app, on the notifications page: a button where the browser offers it,
 * the Share › Add to Home Screen steps on iPhone and iPad (unless the push panel gives them); nothing
 * once installed.
 */
export function InstallAppCard() {
  const t = useTranslations('NotificationSettings');
  const headingId = useId();
  const { data: settings } = useSettings();
  const { canInstall, install, isIosManual } = useInstallPrompt();
  const push = usePushState();
  // Where push waits for the Home Screen, the push panel already gives the same steps.
  const showsIosSteps = isIosManual && push.state !== 'unsupported';
  if (!canInstall && !showsIosSteps) return null;
  return (
    <section className="card notif-install" aria-labelledby={headingId}>
      <div className="notif-push-body">
        <span className="notif-push-icon">
          <PhoneIcon />
        </span>
        <div className="notif-push-content">
          <h2 id={headingId} className="notif-push-title">
            {t('installTitle')}
          </h2>
          <p className="notif-push-text">{t('installBody', { site: settings?.name ?? '' })}</p>
          {canInstall ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void install()}>
              {t('installButton')}
            </button>
          ) : (
            <p className="notif-push-text mb-0">{t('installIos')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
