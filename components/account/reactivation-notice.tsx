'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import { SupportContact } from './support-contact';

/**
 * On /login after the e-mailed reactivation link (GET /api/reactivate.php): the account is back
 * (`?reactivated=1`), or the link did not work (`?reactivation=failed`).
 */
export function ReactivationNotice() {
  const t = useTranslations('Reactivation');
  const tErrors = useTranslations('Errors');
  const params = useSearchParams() ?? new URLSearchParams();
  if (params.get('reactivated') === '1') {
    return (
      <div className="alert alert-success" role="status">
        {t('reactivated')}
      </div>
    );
  }
  if (params.get('reactivation') === 'failed') {
    return (
      <div className="alert alert-warning" role="alert">
        <p className="fw-semibold mb-2">{tErrors('link_invalid')}</p>
        <p className="mb-2">{t('failedHelp', { days: REACTIVATION_DAYS })}</p>
        <SupportContact />
      </div>
    );
  }
  return null;
}
