'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { useDataExport, useDataExportLink, useRequestDataExport } from '@/lib/api/data-export';
import { useFailureText } from '@/components/forms/field-errors';
import { FormAlert } from '@/components/forms/form-fields';

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * Settings › Your data: ask for a copy of everything the app keeps about the member, see it being
 * prepared, then download it (a one-time link, until the copy expires).
 */
export function DataExport() {
  const t = useTranslations('DataExport');
  const format = useFormatter();
  const failureText = useFailureText();
  const state = useDataExport();
  const request = useRequestDataExport();
  const link = useDataExportLink();
  const [error, setError] = useState<string | null>(null);

  const onRequest = () => {
    setError(null);
    request.mutate(undefined, {
      onError: (failure) => setError(failureText(readApiFailure(failure).message)),
    });
  };
  const onDownload = () => {
    setError(null);
    link.mutate(undefined, {
      // The browser downloads the file and stays on this page (the answer is an attachment).
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (failure) => {
        setError(failureText(readApiFailure(failure).message));
        void state.refetch();
      },
    });
  };

  const data = state.data;
  const canRequest = data !== undefined && data.status !== 'preparing' && data.next_request_at === null;
  return (
    <div>
      <p>{t('intro')}</p>
      <FormAlert id="data-export-alert">{error}</FormAlert>
      {state.isError ? (
        <div className="alert alert-warning" role="alert">
          {t('loadFailed')}
        </div>
      ) : null}
      <div aria-live="polite">
        {data?.status === 'preparing' ? (
          <div className="alert alert-info d-flex align-items-center gap-2" role="status">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span>{t('preparing')}</span>
          </div>
        ) : null}
        {data?.status === 'ready' && data.expires_at ? (
          <div className="alert alert-success" role="status">
            <p className="mb-2">
              {t('ready', { expires: format.dateTime(new Date(data.expires_at), DATE_TIME) })}
            </p>
            <button type="button" className="btn btn-primary" onClick={onDownload} disabled={link.isPending}>
              {link.isPending ? t('downloading') : t('download')}
            </button>
          </div>
        ) : null}
        {data?.status === 'failed' ? (
          <div className="alert alert-warning" role="status">
            {t('failed')}
          </div>
        ) : null}
      </div>
      {data?.next_request_at && data.status !== 'preparing' ? (
        <p className="text-body-secondary small">
          {t('nextRequest', { time: format.dateTime(new Date(data.next_request_at), DATE_TIME) })}
        </p>
      ) : null}
      {canRequest || data === undefined ? (
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onRequest}
          disabled={!canRequest || request.isPending}
        >
          {request.isPending ? t('requesting') : t('request')}
        </button>
      ) : null}
    </div>
  );
}
