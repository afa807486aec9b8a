'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { PasskeyIcon } from '@/components/auth/passkey-login';
import { operatorApiError, operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import { addOperatorPasskey, operatorPasskeyKeys } from '@/lib/api/operator-passkeys';
import { canUsePasskeys, ceremonyFailure, ONCE } from '@/lib/api/passkeys';
import type { OperatorPasskeys, Passkey } from '@/lib/shared/schemas/passkeys';

/** How long after a login with the app's code a passkey may be added (PASSKEY_ENROLL_MINUTES). */
const ENROLL_MINUTES = 15;

/**
 * /operator/security: the second factors of the operator's login. The authenticator app stays set
 * up; passkeys may be added (in a session opened with the app's code) and removed.
 */
export function SecurityView() {
  const t = useTranslations('OperatorSecurity');
  const tConsole = useTranslations('OperatorConsole');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [isSupported, setSupported] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  useEffect(() => {
    void canUsePasskeys().then(setSupported);
  }, []);

  const list = useQuery({
    queryKey: operatorPasskeyKeys.list,
    queryFn: async () => (await api.get<OperatorPasskeys>('passkeys.php')).data,
  });
  const store = (passkeys: OperatorPasskeys) => {
    queryClient.setQueryData(operatorPasskeyKeys.list, passkeys);
    // The second step offers the passkey only to operators who have one.
    void queryClient.invalidateQueries({ queryKey: operatorKeys.session });
  };
  const explain = (error: unknown) => {
    setNotice(null);
    const browser = ceremonyFailure(error);
    if (browser === 'aborted') return;
    if (browser === 'cancelled') return setFailure(t('cancelled'));
    if (browser === 'already-registered') return setFailure(t('alreadyAdded'));
    if (browser) return setFailure(t('failed'));
    setFailure(operatorApiError(error)?.message ?? tConsole('networkError'));
  };
  const add = useMutation({
    mutationFn: () => addOperatorPasskey(api),
    onSuccess: ({ added: _added, ...passkeys }) => {
      store(passkeys);
      setFailure(null);
      setNotice(t('addedNotice'));
    },
    onError: explain,
  });
  const remove = useMutation({
    mutationFn: async (id: number) =>
      (await api.delete<OperatorPasskeys>('passkeys.php', { ...ONCE, data: { id } })).data,
    onSuccess: (passkeys) => {
      store(passkeys);
      setFailure(null);
      setNotice(t('removedNotice'));
    },
    onError: explain,
  });

  const passkeys = list.data?.passkeys ?? [];
  return (
    <div className="console-page console-security">
      <div className="console-page-head">
        <h1 className="h3 mb-0">{t('title')}</h1>
        <p className="text-body-secondary small mb-0">{t('intro')}</p>
      </div>
      <section className="card mb-3" aria-labelledby={`${headingId}-app`}>
        <div className="card-body">
          <h2 id={`${headingId}-app`} className="h5">
            {t('appTitle')}
          </h2>
          <p className="mb-0">{t('appText')}</p>
        </div>
      </section>
      <section className="card" aria-labelledby={headingId}>
        <div className="card-body">
          <h2 id={headingId} className="h5">
            {t('passkeysTitle')}
          </h2>
          <p className="text-body-secondary">{t('passkeysIntro')}</p>
          <div role="status">{notice ? <div className="alert alert-success py-2">{notice}</div> : null}</div>
          {failure ? (
            <div className="alert alert-danger py-2" role="alert">
              {failure}
            </div>
          ) : null}
          {list.isError ? (
            <div className="alert alert-warning py-2" role="alert">
              {t('loadFailed')}
            </div>
          ) : null}
          {list.isPending ? (
            <div className="skeleton mb-3" style={{ height: '3.5rem' }} aria-hidden="true" />
          ) : passkeys.length ? (
            <ul className="passkey-list" aria-label={t('listLabel')}>
              {passkeys.map((passkey) => (
                <li key={passkey.id} className="passkey-row">
                  <span className="passkey-row-icon">
                    <PasskeyIcon />
                  </span>
                  <div className="passkey-row-main">
                    <div className="passkey-row-title">
                      <span className="passkey-row-name">{passkey.name}</span>
                      {passkey.backed_up ? <span className="passkey-chip">{t('synced')}</span> : null}
                    </div>
                    <div className="passkey-row-meta">
                      {t('addedOn', {
                        date: format.dateTime(new Date(passkey.created_at), { dateStyle: 'medium' }),
                      })}
                      {' · '}
                      {passkey.last_used_at
                        ? t('lastUsed', {
                            date: format.dateTime(new Date(passkey.last_used_at), {
                              dateStyle: 'medium',
                              timeStyle: 'short',
                            }),
                          })
                        : t('neverUsed')}
                    </div>
                  </div>
                  <div className="passkey-row-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-link passkey-remove"
                      aria-label={t('removeLabel', { name: passkey.name })}
                      disabled={remove.isPending}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('remove')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="passkeys-empty">{t('empty')}</p>
          )}
          {isSupported === false ? (
            <p className="text-body-secondary mb-0">{t('unsupported')}</p>
          ) : list.data && !list.data.can_add ? (
            <p className="text-body-secondary mb-0">{t('addNeedsCode', { minutes: ENROLL_MINUTES })}</p>
          ) : (
            <button
              type="button"
              className="btn btn-primary d-inline-flex align-items-center gap-2"
              disabled={!list.data || isSupported === null || add.isPending}
              onClick={() => {
                setNotice(null);
                setFailure(null);
                add.mutate();
              }}
            >
              <PasskeyIcon size={20} />
              {add.isPending ? t('adding') : t('add')}
            </button>
          )}
        </div>
      </section>
      <RemoveDialog
        passkey={removing}
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={(passkey) => {
          setRemoving(null);
          remove.mutate(passkey.id);
        }}
      />
    </div>
  );
}

function RemoveDialog(props: {
  passkey: Passkey | null;
  isPending: boolean;
  onConfirm: (passkey: Passkey) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('OperatorSecurity');
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.passkey && !element.open) element.showModal();
    if (!props.passkey && element.open) element.close();
  }, [props.passkey]);
  return (
    <dialog ref={dialog} className="console-dialog" aria-labelledby={headingId} onClose={props.onCancel}>
      <h2 id={headingId} className="h5">
        {t('removeTitle')}
      </h2>
      <p>{t('removeText', { name: props.passkey?.name ?? '' })}</p>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-outline-secondary" autoFocus onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={props.isPending}
          onClick={() => props.passkey && props.onConfirm(props.passkey)}
        >
          {t('removeConfirm')}
        </button>
      </div>
    </dialog>
  );
}
