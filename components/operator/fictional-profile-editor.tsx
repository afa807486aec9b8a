'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { operatorApiError, useOperatorApi } from '@/lib/api/operator-api';
import { fieldErrorsOf, profileKeys } from '@/lib/api/operator-profiles';
import { localCountryName } from '@/lib/shared/company';
import { LOCALE_NAMES, isLocale } from '@/lib/shared/locales';
import type { FictionalProfile } from '@/lib/shared/schemas/fictional-profiles';
import { FICTIONAL_REASON_LENGTH } from '@/lib/shared/values/fictional-profiles';
import { FictionalPhotoManager } from './fictional-photo-manager';
import { FictionalProfileForm, toFields, valuesOf, type ProfileValues } from './fictional-profile-form';
import { useOperator } from './use-operator';

/** The tile members see in search and lists, with the fictional mark, and the site's notice below it. */
function TilePreview(props: { profile: FictionalProfile }) {
  const { profile } = props;
  const t = useTranslations('OperatorProfiles');
  const locale = useLocale();
  const main = profile.photos.find((photo) => photo.is_main) ?? profile.photos[0];
  const language = isLocale(profile.preview.locale)
    ? LOCALE_NAMES[profile.preview.locale]
    : profile.preview.locale;
  return (
    <section aria-labelledby="fictional-preview" className="fictional-preview">
      <h2 id="fictional-preview" className="h5">
        {t('previewHeading')}
      </h2>
      <p className="small text-body-secondary">{t('previewNote', { language })}</p>
      <div className="member-card fictional-preview-tile" data-testid="fictional-preview">
        <div className="member-card-link">
          <span className="member-card-photo">
            {main ? (
              // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
              <img
                src={`${profile.preview.cdn_prefix}${main.image.thumb_filename}`}
                alt=""
                width={320}
                height={320}
              />
            ) : (
              <span className="member-photo-placeholder" aria-hidden="true">
                {profile.name.slice(0, 1).toUpperCase()}
              </span>
            )}
          </span>
          <span className="member-card-text">
            <span className="member-card-name">
              <span className="member-card-given">{profile.name}</span>
              <span className="member-card-age">, {profile.age}</span>
              {profile.fictional ? (
                <span className="fictional-mark ms-1" title={profile.preview.fictional_singular}>
                  <span aria-hidden="true">✦</span>
                  <span className="visually-hidden">{profile.preview.fictional_singular}</span>
                </span>
              ) : null}
            </span>
            <span className="member-card-place">
              {profile.city ?? profile.region ?? localCountryName(profile.country, locale)}
            </span>
          </span>
        </div>
      </div>
      {profile.fictional ? (
        <p className="small mt-2 mb-0 fictional-preview-notice" lang={profile.preview.locale}>
          <span aria-hidden="true">✦ </span>
          {profile.preview.fictional_singular}: {profile.preview.fictional_warning}
        </p>
      ) : null}
    </section>
  );
}

/** Shows the profile to members or hides it. */
function Visibility(props: { profile: FictionalProfile; onChanged: (profile: FictionalProfile) => void }) {
  const t = useTranslations('OperatorProfiles');
  const api = useOperatorApi();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isShown = props.profile.status === 'active';
  const onToggle = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const next = isShown ? 'disabled' : 'active';
      props.onChanged(
        (await api.put<FictionalProfile>('profile-status.php', { id: props.profile.id, status: next })).data,
      );
    } catch (failure) {
      setError(operatorApiError(failure)?.message ?? t('loadError'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section aria-labelledby="fictional-visibility" className="mb-4">
      <h2 id="fictional-visibility" className="h5">
        {t('visibilityHeading')}
      </h2>
      <p className="small" role="status">
        <span className={`badge me-2 ${isShown ? 'text-bg-success' : 'text-bg-secondary'}`}>
          {isShown ? t('statusActive') : t('statusDisabled')}
        </span>
        {isShown ? t('shownText') : t('hiddenText')}
      </p>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={isBusy}
        onClick={() => void onToggle()}
      >
        {isShown ? t('hide') : t('show')}
      </button>
    </section>
  );
}

/** The admins' switch of the fictional flag, with the reason the audit log keeps. */
function FictionalFlag(props: { profile: FictionalProfile; onChanged: (profile: FictionalProfile) => void }) {
  const t = useTranslations('OperatorProfiles');
  const api = useOperatorApi();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    if (reason.trim().length < FICTIONAL_REASON_LENGTH.min) {
      setError(t('errors.reason', { min: FICTIONAL_REASON_LENGTH.min }));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const changed = (
        await api.put<FictionalProfile>('profile-fictional.php', {
          id: props.profile.id,
          fictional: !props.profile.fictional,
          reason: reason.trim(),
        })
      ).data;
      setReason('');
      setNotice(t('flagChanged'));
      props.onChanged(changed);
    } catch (failure) {
      setError(fieldErrorsOf(failure).reason ?? operatorApiError(failure)?.message ?? t('loadError'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('flagHeading')}
      </h2>
      <p className="small">{props.profile.fictional ? t('flagOn') : t('flagOff')}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <label className="form-label" htmlFor={`${id}-reason`}>
          {t('reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={`form-control${error ? ' is-invalid' : ''}`}
          rows={2}
          maxLength={FICTIONAL_REASON_LENGTH.max}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error ? (
          <div id={`${id}-reason-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
        <div className="d-flex align-items-center gap-2 mt-2">
          <button type="submit" className="btn btn-outline-danger" disabled={isBusy}>
            {props.profile.fictional ? t('makeReal') : t('makeFictional')}
          </button>
          <span role="status" className="small text-body-secondary">
            {notice}
          </span>
        </div>
      </form>
    </section>
  );
}

/** Only the fields that differ from the profile, as the API takes a change. */
function changesOf(profile: FictionalProfile, values: ProfileValues): Record<string, unknown> {
  const before = toFields(valuesOf(profile));
  const after = toFields(values);
  return Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((key) => after[key] !== before[key])
      .map((key) => [key, after[key]]),
  );
}

/**
 * One fictional profile in the console: its fields, its photos, whether members see it, how
 * members see it (the tile with the fictional mark and the site's notice) and, for admins, the
 * fictional flag.
 */
export function FictionalProfileEditor(props: { id: number }) {
  const t = useTranslations('OperatorProfiles');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const operator = useOperator();
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const profile = useQuery({
    queryKey: profileKeys.one(props.id),
    queryFn: async () => (await api.get<FictionalProfile>('profile.php', { params: { id: props.id } })).data,
    retry: (count, error) => operatorApiError(error)?.status !== 404 && count < 2,
  });

  const onChanged = (next: FictionalProfile) => {
    queryClient.setQueryData(profileKeys.one(next.id), next);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };

  const back = (
    <Link href="/operator/profiles" className="small">
      ← {t('back')}
    </Link>
  );

  if (profile.isPending) return <p role="status">{t('loading')}</p>;
  if (profile.isError) {
    const isMissing = operatorApiError(profile.error)?.status === 404;
    return (
      <div className="console-page">
        {back}
        <div className="alert alert-warning mt-3" role="alert">
          {isMissing ? t('notFound') : t('loadError')}
        </div>
      </div>
    );
  }
  const current = profile.data;

  const onSave = async (values: ProfileValues) => {
    setNotice(null);
    const changes = changesOf(current, values);
    if (Object.keys(changes).length === 0) {
      setNotice(t('unchanged'));
      return;
    }
    setIsSaving(true);
    try {
      onChanged((await api.put<FictionalProfile>('profile.php', { id: current.id, ...changes })).data);
      setNotice(t('saved'));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="console-page">
      {back}
      <div className="console-page-head mt-2">
        <h1 className="h3 mb-0">
          {current.name}, {current.age}{' '}
          {!current.fictional ? (
            <span className="badge text-bg-warning align-middle">{t('notFictional')}</span>
          ) : null}
        </h1>
        <p className="text-body-secondary small mb-0">
          #{current.id} ·{' '}
          {t('figures', {
            conversations: current.conversations,
            date: format.dateTime(new Date(current.created_at), { dateStyle: 'medium' }),
          })}
        </p>
      </div>
      <div className="fictional-editor">
        <div className="fictional-editor-main">
          {current.fictional ? <FictionalPhotoManager profile={current} /> : null}
          <section aria-labelledby="fictional-details" className="mb-4">
            <h2 id="fictional-details" className="h5">
              {t('detailsHeading')}
            </h2>
            {current.fictional ? (
              <FictionalProfileForm
                key={current.id}
                initial={valuesOf(current)}
                submitLabel={t('save')}
                busyLabel={t('saving')}
                isBusy={isSaving}
                onSubmit={onSave}
                notice={notice}
              />
            ) : (
              <p>{t('flagOff')}</p>
            )}
          </section>
        </div>
        <aside className="fictional-editor-side">
          <TilePreview profile={current} />
          {current.fictional ? <Visibility profile={current} onChanged={onChanged} /> : null}
          {operator.role === 'admin' ? <FictionalFlag profile={current} onChanged={onChanged} /> : null}
        </aside>
      </div>
    </div>
  );
}
