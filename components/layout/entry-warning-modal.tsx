'use client';

import { useTranslations } from 'next-intl';
import Modal from 'react-bootstrap/Modal';

/** Leaving the site sends the visitor to a neutral page. */
const LEAVE_URL = 'https://www.google.com/';

/** The adult-content warning dialog; it cannot be dismissed by Escape or the backdrop. */
export default function EntryWarningModal(props: { siteName: string; onAccept: () => void }) {
  const t = useTranslations('EntryWarning');
  return (
    <Modal
      id="site-entry-warning"
      show
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="site-entry-warning-title"
    >
      <Modal.Header>
        <Modal.Title id="site-entry-warning-title">{t('title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('body', { site: props.siteName })}</p>
        <p className="mb-0">{t('confirm')}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href={LEAVE_URL} rel="noreferrer">
          {t('leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={props.onAccept} autoFocus>
          {t('enter')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
