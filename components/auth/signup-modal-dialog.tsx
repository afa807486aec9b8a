'use client';

import { useTranslations } from 'next-intl';
import Modal from 'react-bootstrap/Modal';
import { useUser } from '@/lib/api/hooks';
import { SignupStoreProvider, useSignupStore } from '@/stores/signup-store-provider';
import { SignupFlow } from './signup-flow';

/**
 * The signup dialog; once the first step is answered, Escape and the backdrop no longer close it.
 * `next` (checked with `signupNextPath`) is where its way on leads, instead of the usual place.
 */
export default function SignupModalDialog(props: { onHide: () => void; next?: string | null }) {
  return (
    <SignupStoreProvider>
      <Dialog onHide={props.onHide} next={props.next} />
    </SignupStoreProvider>
  );
}

function Dialog(props: { onHide: () => void; next?: string | null }) {
  const t = useTranslations('Signup');
  const tCommon = useTranslations('Common');
  const { data: user } = useUser();
  const step = useSignupStore((state) => state.step);
  const gender = useSignupStore((state) => state.gender);
  const isInProgress = !user && step !== 'complete' && (step !== 0 || gender !== null);

  return (
    <Modal
      show
      onHide={props.onHide}
      backdrop={isInProgress ? 'static' : true}
      keyboard={!isInProgress}
      centered
      aria-labelledby="signup-modal-title"
    >
      <Modal.Header closeButton closeLabel={tCommon('close')}>
        <Modal.Title as="h2" id="signup-modal-title" className="h5">
          {t('title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SignupFlow headingLevel={3} onNavigate={props.onHide} next={props.next} />
      </Modal.Body>
    </Modal>
  );
}
