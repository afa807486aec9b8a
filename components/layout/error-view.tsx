'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { isChunkLoadError } from '@/lib/shared/navigation';
import { reloadAfterChunkError } from '@/components/layout/chunk-reload';

/** Error page: the error's own message when it has one meant for people, else 'Error'; status 500. */
export default function ErrorPage(props: {
  error: Error & { digest?: string; statusCode?: number };
  reset: () => void;
}) {
  const t = useTranslations('ErrorPage');
  const status = props.error.statusCode ?? 500;
  useEffect(() => {
    reloadAfterChunkError(props.error, sessionStorage, () => window.location.reload());
  }, [props.error]);
  // In production Next replaces server errors' messages; a digest marks such a hidden message.
  const message =
    props.error.digest || isChunkLoadError(props.error) || !props.error.message
      ? t('error')
      : props.error.message;
  return (
    <section className="container text-center py-5" aria-labelledby="error-title">
      <p className="display-4 fw-bold text-secondary mb-0" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="h3">
        {message}
      </h1>
      <p className="visually-hidden">{t('statusCode', { status })}</p>
      <div className="d-flex gap-2 justify-content-center mt-3">
        <button type="button" className="btn btn-outline-secondary" onClick={props.reset}>
          {t('tryAgain')}
        </button>
        {/* The home is a page of its own (pages/index.tsx), not the app's: nothing to prefetch. */}
        <Link href="/" prefetch={false} className="btn btn-primary">
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
