'use client';

import { useTranslations } from 'next-intl';
import Modal from 'react-bootstrap/Modal';
import { ResendActivation } from './resend-activation';

/** The activation reminder as a dialog, on a smartphone right after signup. Loaded only then. */
export default function ActivationReminderDialog(props: { show: boolean; onClose: () => void }) {
  const t = useTranslations('ActivationReminder');
  const tCommon = useTranslations('Common');
  return (
    <Modal show={props.show} onHide={props.onClose} centered aria-labelledby="activation-reminder-title">
      <Modal.Header closeButton closeLabel={tCommon('close')}>
        <Modal.Title as="h2" id="activation-reminder-title" className="h5">
          {t('title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('body')}</p>
        <ResendActivation />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          {t('ok')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
