'use client';

import { hasFeaturePage } from '@/lib/shared/feature-pages';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useFailureText } from '@/components/auth/field-errors';
import { useFocusRequest } from '@/components/auth/hooks';
import { readApiFailure } from '@/lib/api/auth';
import { useSettings } from '@/lib/api/hooks';
import { useDeletePhoto, useMakeMainPhoto, usePhotos } from '@/lib/api/photos';
import { PREMIUM_PHOTO_LIMIT, type OwnPhoto } from '@/lib/shared/schemas/photos';
import { imageUrl } from './labels';
import { PhotoUpload } from './photo-upload';

type Notice = 'uploading' | 'uploaded' | 'mainChanged' | 'deleted';

/** Asks before a photo is deleted; the photo is shown so the member sees which one. */
function DeletePhotoDialog(props: {
  photo: { number: number; src: string } | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('ProfilePhotos');
  const tCommon = useTranslations('Common');
  const titleId = useId();
  const number = props.photo?.number ?? 0;
  return (
    <Modal show={props.photo !== null} onHide={props.onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={tCommon('close')}>
        <Modal.Title as="h2" id={titleId} className="h5">
          {t('deleteTitle', { number })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {props.photo ? (
          // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time
          <img
            src={props.photo.src}
            alt={t('photoAlt', { number })}
            className="d-block mx-auto mb-3 rounded"
            style={{ maxHeight: '10rem', maxWidth: '100%' }}
          />
        ) : null}
        <p className="mb-0">{t('deleteBody')}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={props.isPending} onClick={props.onConfirm}>
          {props.isPending ? t('deleting') : t('deleteConfirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function PhotoTile(props: {
  photo: OwnPhoto;
  number: number;
  cdnPrefix: string;
  isBusy: boolean;
  onMakeMain: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations('ProfilePhotos');
  const { photo, number } = props;
  return (
    <li className="col">
      <div className="card h-100">
        <div className="position-relative">
          {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time */}
          <img
            src={imageUrl(props.cdnPrefix, photo.image.thumb_filename)}
            alt={photo.is_main ? t('mainPhotoAlt', { number }) : t('photoAlt', { number })}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="card-img-top h-auto"
            style={{ aspectRatio: '3 / 4', objectFit: 'cover' }}
          />
          {photo.is_main ? (
            <span className="badge text-bg-primary position-absolute top-0 start-0 m-2" aria-hidden="true">
              {t('mainBadge')}
            </span>
          ) : null}
        </div>
        <div className="card-body p-2 d-grid gap-2" style={{ alignContent: 'start' }}>
          {photo.is_main ? null : (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={t('makeMainLabel', { number })}
              disabled={props.isBusy}
              onClick={props.onMakeMain}
            >
              {t('makeMain')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={t('deleteLabel', { number })}
            disabled={props.isBusy}
            onClick={props.onDelete}
          >
            {t('delete')}
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The member's photos: thumbnails with the main one marked, making another one main, deleting with
 * a confirmation, and uploading within the member's limit (3 free, 25 premium).
 */
export function PhotoManager() {
  const t = useTranslations('ProfilePhotos');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const failureText = useFailureText();
  const focus = useFocusRequest();
  const headingId = useId();
  const { data: settings } = useSettings();
  const photosQuery = usePhotos();
  const makeMain = useMakeMainPhoto();
  const remove = useDeletePhoto();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; number: number } | null>(null);

  const cdnPrefix = settings?.cdn_prefix ?? '';
  const data = photosQuery.data;
  const photos = data?.photos ?? [];
  const limit = data?.limit ?? 0;
  const isFull = data !== undefined && photos.length >= limit;
  const isFreeAtLimit = isFull && limit < PREMIUM_PHOTO_LIMIT;
  const isBusy = makeMain.isPending || remove.isPending;

  const tell = (next: Notice) => {
    setError(null);
    setNotice(next);
  };
  const fail = (text: string) => {
    setNotice(null);
    setError(text);
  };

  const onMakeMain = (id: number) => {
    setError(null);
    setNotice(null);
    makeMain.mutate(id, {
      onSuccess: () => tell('mainChanged'),
      onError: (failure) => fail(failureText(readApiFailure(failure).message)),
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    setError(null);
    setNotice(null);
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        tell('deleted');
        // The photo and its buttons are gone: keyboard users continue from the card's heading.
        focus(headingId);
      },
      onError: (failure) => {
        setToDelete(null);
        fail(failureText(readApiFailure(failure).message));
      },
    });
  };

  const deleting = toDelete ? photos.find((photo) => photo.id === toDelete.id) : undefined;

  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id={headingId} tabIndex={-1} className="h4 card-title mb-0">
            {t('title')}
          </h2>
          {data ? (
            <span className="text-body-secondary">{t('count', { count: photos.length, limit })}</span>
          ) : null}
        </div>

        {photosQuery.isPending ? <p className="text-body-secondary">{tCommon('loading')}</p> : null}
        {photosQuery.isError ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('loadFailed')}</p>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => void photosQuery.refetch()}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}

        {data && photos.length === 0 ? <p>{t('empty')}</p> : null}
        {photos.length > 0 ? (
          <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-3 list-unstyled mb-3">
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                number={index + 1}
                cdnPrefix={cdnPrefix}
                isBusy={isBusy}
                onMakeMain={() => onMakeMain(photo.id)}
                onDelete={() => setToDelete({ id: photo.id, number: index + 1 })}
              />
            ))}
          </ul>
        ) : null}

        {data ? (
          <PhotoUpload
            isFull={isFull}
            isBusy={isBusy}
            onStart={() => tell('uploading')}
            onUploaded={() => tell('uploaded')}
            onFailed={fail}
          />
        ) : null}
        {isFull ? <p className="form-text mb-0">{tErrors('photo_limit_reached', { limit })}</p> : null}
        {isFreeAtLimit ? (
          <div className="alert alert-info mt-3 mb-0">
            <p className="mb-2">{t('premiumNote', { limit: PREMIUM_PHOTO_LIMIT })}</p>
            {hasFeaturePage('/premium') ? (
              <Link href="/premium" className="btn btn-sm btn-primary">
                {t('premiumLink')}
              </Link>
            ) : null}
          </div>
        ) : null}

        <div role="status">
          {notice === 'uploading' ? (
            // The progress bar shows it; screen readers hear it once instead of every percent.
            <p className="visually-hidden">{t('uploading')}</p>
          ) : notice ? (
            <div className="alert alert-success mt-3 mb-0">{t(notice)}</div>
          ) : null}
        </div>
        {error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        ) : null}
      </div>
      <DeletePhotoDialog
        photo={
          toDelete && deleting
            ? { number: toDelete.number, src: imageUrl(cdnPrefix, deleting.image.thumb_filename) }
            : null
        }
        isPending={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
