'use client';

import { useTranslations } from 'next-intl';

/** A money screen's data did not load: says so, with a button that asks again. */
export function LoadFailed(props: { message: string; onRetry: () => void; className?: string }) {
  const t = useTranslations('Payments');
  return (
    <div className={`alert alert-danger ${props.className ?? ''}`.trim()} role="alert">
      <p className="mb-2">{props.message}</p>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={props.onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}
