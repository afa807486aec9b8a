'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';

/** Asks before a photo is deleted; the photo is shown so the member sees which one. */
export default function DeletePhotoDialog(props: {
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
