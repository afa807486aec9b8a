'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { operatorApiError, useOperatorApi } from '@/lib/api/operator-api';
import { profileKeys } from '@/lib/api/operator-profiles';
import type { FictionalProfile } from '@/lib/shared/schemas/fictional-profiles';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { movePhoto } from '@/lib/shared/values/photos';

/**
 * A fictional profile's photos in the order members see them, the main photo first. Every change is
 * a button (move earlier or later, make main, delete), so the order is set by keyboard as easily as
 * by pointer; focus stays with the photo that moved, and a live message says where it went.
 */
export function FictionalPhotoManager(props: { profile: FictionalProfile }) {
  const { profile } = props;
  const t = useTranslations('OperatorProfiles');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const photos = profile.photos;
  const isFull = photos.length >= profile.photo_limit;

  const apply = (answer: OwnPhotos) =>
    queryClient.setQueryData<FictionalProfile>(profileKeys.one(profile.id), (current) =>
      current ? { ...current, photos: answer.photos } : current,
    );

  const run = async (action: () => Promise<OwnPhotos>, after?: () => void) => {
    setIsBusy(true);
    setError(null);
    try {
      apply(await action());
      after?.();
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    } catch (failure) {
      setError(operatorApiError(failure)?.message ?? t('loadError'));
      void queryClient.invalidateQueries({ queryKey: profileKeys.one(profile.id) });
    } finally {
      setIsBusy(false);
    }
  };

  const focusButton = (photoId: number, which: string) =>
    requestAnimationFrame(() => document.getElementById(`${id}-${photoId}-${which}`)?.focus());

  const move = (from: number, to: number, which: string) => {
    const moved = photos[from];
    if (!moved) return;
    const order = movePhoto(photos, from, to).map((photo) => photo.id);
    void run(
      async () => (await api.put<OwnPhotos>('profile-photos.php', { profile: profile.id, order })).data,
      () => {
        setAnnouncement(t('photoMoved', { number: to + 1 }));
        focusButton(moved.id, to === 0 ? 'later' : which);
      },
    );
  };

  const makeMain = (photoId: number) =>
    void run(
      async () => (await api.put<OwnPhotos>('profile-photo.php', { profile: profile.id, id: photoId })).data,
      () => {
        setAnnouncement(t('photoMoved', { number: 1 }));
        focusButton(photoId, 'later');
      },
    );

  const remove = (photoId: number) => {
    if (!window.confirm(t('deleteConfirm'))) return;
    void run(
      async () =>
        (await api.delete<OwnPhotos>('profile-photo.php', { data: { profile: profile.id, id: photoId } }))
          .data,
      () => uploadRef.current?.focus(),
    );
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('photo', file);
    void run(
      async () =>
        (
          await api.post<OwnPhotos>(`profile-photo.php?profile=${profile.id}`, form, {
            // Large photos on slow lines take a while; an upload is never sent twice.
            timeout: 5 * 60_000,
            'axios-retry': { retries: 0 },
          })
        ).data,
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h2 id={`${id}-heading`} className="h5">
        {t('photosHeading')}
      </h2>
      <p className="text-body-secondary small">{t('photosIntro', { limit: profile.photo_limit })}</p>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {photos.length === 0 ? <p className="small">{t('noPhotos')}</p> : null}
      <ol className="fictional-photos list-unstyled">
        {photos.map((photo, index) => (
          <li key={photo.id} className="fictional-photo">
            {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already */}
            <img
              src={`${profile.preview.cdn_prefix}${photo.image.thumb_filename}`}
              alt={t('photoAlt', { number: index + 1, name: profile.name })}
              width={120}
              height={160}
            />
            {photo.is_main ? (
              <span className="badge text-bg-primary fictional-photo-main">{t('mainPhoto')}</span>
            ) : null}
            <div
              className="fictional-photo-actions"
              role="group"
              aria-label={t('photoAlt', { number: index + 1, name: profile.name })}
            >
              <button
                id={`${id}-${photo.id}-earlier`}
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={isBusy || index === 0}
                aria-label={t('moveEarlier', { number: index + 1 })}
                title={t('moveEarlier', { number: index + 1 })}
                onClick={() => move(index, index - 1, 'earlier')}
              >
                <span aria-hidden="true">←</span>
              </button>
              <button
                id={`${id}-${photo.id}-later`}
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={isBusy || index === photos.length - 1}
                aria-label={t('moveLater', { number: index + 1 })}
                title={t('moveLater', { number: index + 1 })}
                onClick={() => move(index, index + 1, 'later')}
              >
                <span aria-hidden="true">→</span>
              </button>
              {!photo.is_main ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={isBusy}
                  aria-label={t('makeMain', { number: index + 1 })}
                  title={t('makeMain', { number: index + 1 })}
                  onClick={() => makeMain(photo.id)}
                >
                  <span aria-hidden="true">★</span>
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={isBusy}
                aria-label={t('deletePhoto', { number: index + 1 })}
                title={t('deletePhoto', { number: index + 1 })}
                onClick={() => remove(photo.id)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="d-none"
          tabIndex={-1}
          aria-label={t('upload')}
          onChange={onFile}
        />
        <button
          ref={uploadRef}
          type="button"
          className="btn btn-outline-primary"
          aria-describedby={`${id}-file-hint`}
          disabled={isBusy || isFull}
          onClick={() => fileRef.current?.click()}
        >
          {isBusy ? t('uploading') : t('upload')}
        </button>
        <div id={`${id}-file-hint`} className="form-text">
          {t('uploadHint')}
        </div>
      </div>
    </section>
  );
}
