'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { GeocodeResult } from '@/lib/shared/schemas/geo';
import { useGeolocation } from '../hooks/use-geolocation';

/**
 * "Use my location": asks the browser for the position and hands the geocode result to
 * `onLocated`. Hidden where the browser has no geolocation; progress and refusals are announced.
 */
export function GeolocationButton(props: { onLocated: (result: GeocodeResult) => void; className?: string }) {
  const t = useTranslations('Geolocation');
  const { permission, locating, error, result, locate } = useGeolocation();
  const statusId = useId();
  if (permission === 'unsupported') return null;

  const onClick = async () => {
    const found = await locate();
    if (found) props.onLocated(found);
  };

  const isOutside = !locating && !error && result !== null && result.country === null;
  let status: string | null = null;
  if (locating) status = t('locating');
  else if (error) status = t(error);
  else if (isOutside) status = t('outside');

  return (
    <div className={props.className}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => void onClick()}
        disabled={locating}
        aria-describedby={status ? statusId : undefined}
      >
        {locating && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('useMyLocation')}
      </button>
      <div
        id={statusId}
        role="status"
        aria-live="polite"
        className={`small mt-1${error || isOutside ? ' text-danger' : ' text-body-secondary'}`}
      >
        {status}
      </div>
    </div>
  );
}
