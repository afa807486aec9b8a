'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { PasskeyIcon } from '@/components/auth/passkey-login';
import { useFailureText } from '@/components/forms/field-errors';
import { useFocusRequest } from '@/components/forms/use-focus-request';
import { readApiFailure } from '@/lib/api/auth';
import {
  canUsePasskeys,
  ceremonyFailure,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '@/lib/api/passkeys';
import type { Passkey } from '@/lib/shared/schemas/passkeys';
import { PASSKEY_NAME_LENGTH } from '@/lib/shared/values/passkeys';
import { ConfirmSignInDialog } from './confirm-sign-in-dialog';

const DAY = { dateStyle: 'medium' } as const;
const MOMENT = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** Whether the session still counts as recently signed in (with a few seconds to spare for the call). */
function isStillRecent(until: string | null | undefined): boolean {
  return typeof until === 'string' && new Date(until).getTime() > Date.now() + 5_000;
}

/** A change that needs a recent sign-in, waiting while the member confirms it is them. */
type Guarded = { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/** One passkey: what it is called, when it was added and used, and the way to rename or remove it. */
function PasskeyRow(props: {
  passkey: Passkey;
  isRenaming: boolean;
  isBusy: boolean;
  onRename: () => void;
  onRenamed: (name: string) => void;
  onCancelRename: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations('Passkeys');
  const format = useFormatter();
  const { passkey } = props;
  const metaId = useId();
  return (
    <li className="passkey-row" aria-describedby={metaId}>
      <span className="passkey-row-icon">
        <PasskeyIcon />
      </span>
      <div className="passkey-row-main">
        {props.isRenaming ? (
          <RenameForm
            passkey={passkey}
            isBusy={props.isBusy}
            onSave={props.onRenamed}
            onCancel={props.onCancelRename}
          />
        ) : (
          <div className="passkey-row-title">
            <span className="passkey-row-name">{passkey.name}</span>
            {passkey.backed_up ? (
              <span className="passkey-chip" title={t('syncedHint')}>
                {t('synced')}
                <span className="visually-hidden">: {t('syncedHint')}</span>
              </span>
            ) : null}
          </div>
        )}
        <div id={metaId} className="passkey-row-meta">
          <span>{t('addedOn', { date: format.dateTime(new Date(passkey.created_at), DAY) })}</span>
          <span aria-hidden="true"> · </span>
          <span>
            {passkey.last_used_at
              ? t('lastUsed', { date: format.dateTime(new Date(passkey.last_used_at), MOMENT) })
              : t('neverUsed')}
          </span>
        </div>
      </div>
      {props.isRenaming ? null : (
        <div className="passkey-row-actions">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('renameLabel', { name: passkey.name })}
            disabled={props.isBusy}
            onClick={props.onRename}
          >
            {t('rename')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-link passkey-remove"
            aria-label={t('removeLabel', { name: passkey.name })}
            disabled={props.isBusy}
            onClick={props.onRemove}
          >
            {t('remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** The name field of a passkey being renamed, with Save and Cancel (Escape cancels too). */
function RenameForm(props: {
  passkey: Passkey;
  isBusy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Passkeys');
  const id = useId();
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('nameRequired'));
      return;
    }
    props.onSave(trimmed);
  };
  return (
    <form
      noValidate
      className="passkey-rename"
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onCancel();
      }}
    >
      <label htmlFor={id} className="form-label small mb-1">
        {t('nameLabel')}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={name}
        maxLength={PASSKEY_NAME_LENGTH.max}
        // Focus lands here when the rename opens (after adding, or on "Rename").
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        <div id={`${id}-hint`} className="form-text">
          {t('nameHint', { max: PASSKEY_NAME_LENGTH.max })}
        </div>
      )}
      <div className="passkey-rename-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={props.isBusy}>
          {props.isBusy ? t('saving') : t('save')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Settings › Passkeys: the member's passkeys with when each was added and last used, adding one
 * (named after the device, renamed in place), renaming and removing. Adding and removing need a
 * recent sign-in: otherwise the member first confirms it is them (password or passkey).
 */
export function PasskeysSection() {
  const t = useTranslations('Passkeys');
  const failureText = useFailureText();
  const focus = useFocusRequest();
  const headingId = useId();
  const ids = { notice: `${headingId}-notice`, alert: `${headingId}-alert`, add: `${headingId}-add` };
  const list = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [isSupported, setSupported] = useState<boolean | null>(null);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  // The passkey of the removal dialog stays set while the dialog fades out.
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const [guarded, setGuarded] = useState<Guarded | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void canUsePasskeys().then(setSupported);
  }, []);

  const passkeys = list.data?.passkeys ?? [];
  const isBusy = add.isPending || rename.isPending || remove.isPending;

  const say = (text: string) => {
    setError(null);
    setNotice(text);
    focus(ids.notice);
  };
  const fail = (text: string) => {
    setNotice(null);
    setError(text);
    focus(ids.alert);
  };
  /** Explains a failed change; a session that is not recent enough asks the member to confirm. */
  const explain = (failure: unknown, change: Guarded) => {
    const browser = ceremonyFailure(failure);
    if (browser === 'aborted') return;
    if (browser === 'cancelled') return fail(t('cancelled'));
    if (browser === 'already-registered') return fail(t('alreadyAdded'));
    if (browser) return fail(t('failed'));
    const api = readApiFailure(failure);
    if (api.code === 'recent_sign_in_required') return setGuarded(change);
    fail(failureText(api.message));
  };

  const doAdd = () =>
    add.mutate(undefined, {
      onSuccess: ({ added }) => {
        setError(null);
        setNotice(t('addedNotice'));
        setRenamingId(added.id);
      },
      onError: (failure) => explain(failure, { kind: 'add' }),
    });
  const doRemove = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: () => say(t('removedNotice')),
      onError: (failure) => explain(failure, { kind: 'remove', passkey }),
    });
  const guard = (change: Guarded) => {
    setNotice(null);
    setError(null);
    if (!isStillRecent(list.data?.confirmed_until)) return setGuarded(change);
    if (change.kind === 'add') doAdd();
    else doRemove(change.passkey);
  };

  return (
    <section id="passkeys" className="card mb-4 passkeys" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="passkeys-head">
          <span className="passkeys-badge">
            <PasskeyIcon size={24} />
          </span>
          <h2 id={headingId} className="h4 card-title mb-0">
            {t('title')}
          </h2>
        </div>
        <p className="passkeys-intro">{t('intro')}</p>

        <div id={ids.notice} role="status" tabIndex={-1} className="passkeys-status">
          {notice ? <div className="alert alert-success">{notice}</div> : null}
        </div>
        {error ? (
          <div id={ids.alert} className="alert alert-danger" role="alert" tabIndex={-1}>
            {error}
          </div>
        ) : null}

        {list.isPending ? (
          <div className="passkey-list" role="status" aria-label={t('loading')}>
            <div className="passkey-row" aria-hidden="true">
              <span className="passkey-row-icon skeleton" />
              <div className="passkey-row-main">
                <span className="skeleton passkey-skeleton-line" />
                <span className="skeleton passkey-skeleton-line is-thin" />
              </div>
            </div>
          </div>
        ) : list.isError ? (
          <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="me-auto">{t('loadFailed')}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void list.refetch()}
            >
              {t('retry')}
            </button>
          </div>
        ) : passkeys.length > 0 ? (
          <ul className="passkey-list" aria-label={t('listLabel')}>
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                isRenaming={renamingId === passkey.id}
                isBusy={isBusy}
                onRename={() => {
                  setNotice(null);
                  setRenamingId(passkey.id);
                }}
                onRenamed={(name) =>
                  rename.mutate(
                    { id: passkey.id, name },
                    {
                      onSuccess: () => {
                        setRenamingId(null);
                        say(t('renamedNotice'));
                      },
                      onError: (failure) => fail(failureText(readApiFailure(failure).message)),
                    },
                  )
                }
                onCancelRename={() => setRenamingId(null)}
                onRemove={() => {
                  setRemoving(passkey);
                  setRemoveOpen(true);
                }}
              />
            ))}
          </ul>
        ) : (
          <div className="passkeys-empty">
            <p className="passkeys-empty-title">{t('emptyTitle')}</p>
            <p className="mb-0">{t('emptyText')}</p>
          </div>
        )}

        {isSupported === false ? (
          <p className="passkeys-unsupported">{t('unsupported')}</p>
        ) : (
          <button
            id={ids.add}
            type="button"
            className="btn btn-primary passkeys-add"
            disabled={isSupported === null || list.isPending || isBusy}
            onClick={() => guard({ kind: 'add' })}
          >
            <PasskeyIcon size={20} />
            <span>{add.isPending ? t('adding') : t('add')}</span>
          </button>
        )}
      </div>

      <RemoveDialog
        passkey={removing}
        isOpen={isRemoveOpen}
        isPending={remove.isPending}
        onCancel={() => setRemoveOpen(false)}
        onConfirm={(passkey) => {
          setRemoveOpen(false);
          guard({ kind: 'remove', passkey });
        }}
      />
      <ConfirmSignInDialog
        isOpen={guarded !== null}
        canUsePasskey={Boolean(isSupported) && passkeys.length > 0}
        onCancel={() => setGuarded(null)}
        onConfirmed={() => {
          const change = guarded;
          setGuarded(null);
          if (change?.kind === 'add') doAdd();
          else if (change) doRemove(change.passkey);
        }}
      />
    </section>
  );
}

/** Asks before a passkey is removed, naming it and what to do on the device too. */
function RemoveDialog(props: {
  passkey: Passkey | null;
  isOpen: boolean;
  isPending: boolean;
  onConfirm: (passkey: Passkey) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Passkeys');
  const tCommon = useTranslations('Common');
  const titleId = useId();
  const { passkey } = props;
  return (
    <Modal show={props.isOpen} onHide={props.onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={tCommon('close')}>
        <Modal.Title as="h2" id={titleId} className="h5">
          {t('removeTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('removeText', { name: passkey?.name ?? '' })}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" autoFocus onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={props.isPending}
          onClick={() => passkey && props.onConfirm(passkey)}
        >
          {props.isPending ? t('removing') : t('removeConfirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
