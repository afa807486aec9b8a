'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useFailureText } from '@/components/forms/field-errors';
import { FormAlert, PasswordField } from '@/components/forms/form-fields';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { PasskeyIcon } from '@/components/auth/passkey-login';
import { readApiFailure } from '@/lib/api/auth';
import { ceremonyFailure, useConfirmSignIn } from '@/lib/api/passkeys';

/**
 * "Confirm it's you": before the member adds or removes a passkey in a session that was not signed
 * into recently, the password (or, where they have one, a passkey of theirs) proves it is them. On
 * success the change that was asked for goes ahead.
 */
export function ConfirmSignInDialog(props: {
  isOpen: boolean;
  canUsePasskey: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Passkeys');
  const tCommon = useTranslations('Common');
  const failureText = useFailureText();
  const focus = useFocusRequest();
  const confirm = useConfirmSignIn();
  const id = useId();
  const ids = { title: `${id}-title`, text: `${id}-text`, password: `${id}-password`, alert: `${id}-alert` };
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});

  const close = () => {
    setPassword('');
    setErrors({});
    props.onCancel();
  };
  const confirmed = () => {
    setPassword('');
    setErrors({});
    props.onConfirmed();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setErrors({ password: t('passwordRequired') });
      focus(ids.password);
      return;
    }
    setErrors({});
    confirm.mutate(
      { password },
      {
        onSuccess: confirmed,
        onError: (error) => {
          const failure = readApiFailure(error);
          if (failure.field === 'password') {
            setErrors({ password: failureText(failure.message) });
            focus(ids.password);
          } else {
            setErrors({ form: failureText(failure.message) });
            focus(ids.alert);
          }
        },
      },
    );
  };

  const withPasskey = () => {
    setErrors({});
    confirm.mutate(
      { passkey: true },
      {
        onSuccess: confirmed,
        onError: (error) => {
          const browser = ceremonyFailure(error);
          if (browser === 'aborted') return;
          setErrors({
            form: browser ? t('confirmPasskeyFailed') : failureText(readApiFailure(error).message),
          });
          focus(ids.alert);
        },
      },
    );
  };

  return (
    <Modal
      show={props.isOpen}
      onHide={close}
      centered
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onEntered={() => focus(ids.password)}
    >
      <form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={tCommon('close')}>
          <Modal.Title as="h2" id={ids.title} className="h5">
            {t('confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id={ids.text} className="text-body-secondary">
            {t('confirmText')}
          </p>
          <FormAlert id={ids.alert}>{errors.form}</FormAlert>
          <PasswordField
            id={ids.password}
            label={t('confirmPassword')}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(value) => {
              setPassword(value);
              if (errors.password) setErrors({ ...errors, password: undefined });
            }}
          />
          {props.canUsePasskey ? (
            <button
              type="button"
              className="btn btn-link px-0 d-inline-flex align-items-center gap-2"
              disabled={confirm.isPending}
              onClick={withPasskey}
            >
              <PasskeyIcon size={18} />
              {t('confirmWithPasskey')}
            </button>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
            {confirm.isPending ? t('confirming') : t('confirmSubmit')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
