'use client';

import { hasFeaturePage } from '@/lib/shared/feature-pages';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/field-errors';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { readApiFailure } from '@/lib/api/auth';
import { useSettings } from '@/lib/api/hooks';
import { useArrangePhotos, useDeletePhoto, useMakeMainPhoto, usePhotos } from '@/lib/api/photos';
import { movePhoto, PREMIUM_PHOTO_LIMIT } from '@/lib/shared/values/photos';
import type { OwnPhoto } from '@/lib/shared/schemas/photos';
import { imageUrl } from './labels';
import { VerifiedSeal } from '../verification/verified-seal';
import { PhotoUpload } from './photo-upload';

type Notice = 'uploading' | 'uploaded' | 'mainChanged' | 'deleted';

// The dialog (and the modal library under it) loads when a photo is first to be deleted.
const DeletePhotoDialog = dynamic(() => import('./delete-photo-dialog'), { ssr: false });

function PhotoTile(props: {
  photo: OwnPhoto;
  number: number;
  count: number;
  cdnPrefix: string;
  isBusy: boolean;
  isDragged: boolean;
  isDropTarget: boolean;
  onMakeMain: () => void;
  onDelete: () => void;
  onMove: (to: number, via: 'earlier' | 'later') => void;
  drag: {
    onDragStart: () => void;
    onDragEnter: () => void;
    onDragEnd: () => void;
    onDrop: () => void;
  };
}) {
  const t = useTranslations('ProfilePhotos');
  const { photo, number, count } = props;
  const canMove = count > 1;
  // Waiting for a moderator's approval, or hidden by one: the member sees why others do not see it.
  const isPending = photo.image.status === 'pending';
  const isRejected = photo.image.status === 'rejected';
  const classes = ['col', 'photo-tile'];
  if (props.isDragged) classes.push('is-dragged');
  if (props.isDropTarget) classes.push('is-drop-target');
  return (
    <li
      className={classes.join(' ')}
      data-photo-id={photo.id}
      draggable={canMove}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(photo.id));
        props.drag.onDragStart();
      }}
      onDragEnter={props.drag.onDragEnter}
      onDragOver={(event) => event.preventDefault()}
      onDragEnd={props.drag.onDragEnd}
      onDrop={(event) => {
        event.preventDefault();
        props.drag.onDrop();
      }}
    >
      <div className="card h-100">
        <div className="position-relative">
          {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN prefix, a host known only at run time */}
          <img
            src={imageUrl(props.cdnPrefix, photo.image.thumb_filename)}
            alt={photo.is_main ? t('mainPhotoAlt', { number }) : t('photoAlt', { number })}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            draggable={false}
            className="card-img-top h-auto"
            style={{ aspectRatio: '3 / 4', objectFit: 'cover' }}
          />
          {photo.is_main ? (
            <span className="badge text-bg-primary position-absolute top-0 start-0 m-2" aria-hidden="true">
              {t('mainBadge')}
            </span>
          ) : null}

          {isPending || isRejected ? (
            <span
              className={`badge position-absolute bottom-0 start-0 m-2 ${isPending ? 'text-bg-light' : 'text-bg-danger'}`}
              data-photo-status={photo.image.status}
            >
              {isPending ? t('pendingBadge') : t('rejectedBadge')}
            </span>
          ) : null}
          {canMove ? (
            <div className="photo-tile-moves">
              {number > 1 ? (
                <button
                  type="button"
                  className="photo-tile-move"
                  data-move="earlier"
                  aria-label={t('moveEarlierLabel', { number })}
                  onClick={() => props.onMove(number - 2, 'earlier')}
                >
                  <span aria-hidden="true">‹</span>
                </button>
              ) : null}
              {number < count ? (
                <button
                  type="button"
                  className="photo-tile-move ms-auto"
                  data-move="later"
                  aria-label={t('moveLaterLabel', { number })}
                  onClick={() => props.onMove(number, 'later')}
                >
                  <span aria-hidden="true">›</span>
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="card-body p-2 d-grid gap-2" style={{ alignContent: 'start' }}>
          {photo.verified ? (
            <p className="photo-tile-checked" title={t('verifiedBadgeLabel')}>
              <VerifiedSeal />
              <span aria-hidden="true">{t('verifiedBadge')}</span>
              <span className="visually-hidden">{t('verifiedBadgeLabel')}</span>
            </p>
          ) : null}
          {isPending || isRejected ? (
            <p className="small text-body-secondary mb-0">
              {isPending ? t('pendingNote') : t('rejectedNote')}
            </p>
          ) : null}
          {/* Only a photo others can see may be the main one. */}
          {photo.is_main || isPending || isRejected ? null : (
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
 * The member's photos: thumbnails with the main one marked, putting them in order (by dragging, or
 * with the arrows by touch and keyboard; the first is the main photo), making another one main,
 * deleting with a confirmation, and uploading within the member's limit (3 free, 25 premium).
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
  const arrange = useArrangePhotos();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [moved, setMoved] = useState<{ position: number; count: number } | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<{ id: number; to: number; via: 'earlier' | 'later' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; number: number } | null>(null);
  // The delete dialog stays mounted once it was first asked for (it fades out when closed).
  const [hasAskedToDelete, setHasAskedToDelete] = useState(false);
  if (toDelete && !hasAskedToDelete) setHasAskedToDelete(true);

  const cdnPrefix = settings?.cdn_prefix ?? '';
  const data = photosQuery.data;
  const photos = data?.photos ?? [];
  const limit = data?.limit ?? 0;
  const isFull = data !== undefined && photos.length >= limit;
  const isFreeAtLimit = isFull && limit < PREMIUM_PHOTO_LIMIT;
  const isBusy = makeMain.isPending || remove.isPending || arrange.isPending;

  const tell = (next: Notice) => {
    setError(null);
    setMoved(null);
    setNotice(next);
  };
  const fail = (text: string) => {
    setNotice(null);
    setMoved(null);
    setError(text);
  };

  /** Moves the photo at `from` to `to`; keyboard users keep their place on the moved photo. */
  const move = (from: number, to: number, via?: 'earlier' | 'later') => {
    if (from === to || to < 0 || to >= photos.length) return;
    const arranged = movePhoto(photos, from, to);
    const id = photos[from]?.id;
    setError(null);
    setNotice(null);
    setMoved({ position: to + 1, count: photos.length });
    arrange.mutate(arranged, {
      onError: (failure) => fail(failureText(readApiFailure(failure).message)),
    });
    if (via && id !== undefined) focusAfter.current = { id, to, via };
  };
  // Once the list shows the new order, keyboard users go on from the same arrow on the moved photo
  // (or the other one, at an end of the list).
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || data?.photos[wanted.to]?.id !== wanted.id) return;
    focusAfter.current = null;
    const tile = listRef.current?.querySelector(`[data-photo-id="${wanted.id}"]`);
    const button =
      tile?.querySelector<HTMLButtonElement>(`[data-move="${wanted.via}"]`) ??
      tile?.querySelector<HTMLButtonElement>('[data-move]');
    button?.focus();
  }, [data]);
  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
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
          <>
            {photos.length > 1 ? <p className="form-text mt-0">{t('orderHint')}</p> : null}
            {photos.some((photo) => photo.verified) ? (
              <p className="form-text mt-0">{t('verifiedNote')}</p>
            ) : null}
            <ul ref={listRef} className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-3 list-unstyled mb-3">
              {photos.map((photo, index) => (
                <PhotoTile
                  key={photo.id}
                  photo={photo}
                  number={index + 1}
                  count={photos.length}
                  cdnPrefix={cdnPrefix}
                  isBusy={isBusy}
                  isDragged={dragFrom === index}
                  isDropTarget={dragFrom !== null && dropAt === index && dragFrom !== index}
                  onMakeMain={() => onMakeMain(photo.id)}
                  onDelete={() => setToDelete({ id: photo.id, number: index + 1 })}
                  onMove={(to, via) => move(index, to, via)}
                  drag={{
                    onDragStart: () => setDragFrom(index),
                    onDragEnter: () => setDropAt(index),
                    onDragEnd: endDrag,
                    onDrop: () => {
                      if (dragFrom !== null) move(dragFrom, index);
                      endDrag();
                    },
                  }}
                />
              ))}
            </ul>
          </>
        ) : null}

        {settings?.photo_premoderation ? <p className="form-text mt-0">{t('premoderationNote')}</p> : null}
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
          ) : moved ? (
            <p className="visually-hidden">{moved.position === 1 ? t('movedMain') : t('moved', moved)}</p>
          ) : null}
        </div>
        {error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        ) : null}
      </div>
      {hasAskedToDelete ? (
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
      ) : null}
    </section>
  );
}
