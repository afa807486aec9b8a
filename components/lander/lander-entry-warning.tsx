'use client';

import Cookies from 'js-cookie';
import { useEffect, useRef } from 'react';
import { ENTRY_WARNING_COOKIE } from '@/lib/shared/constants';

/** Leaving the site sends the visitor to a neutral page. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The adult-content warning on landers (id `site-entry-warning`): a native modal dialog that Escape
 * does not close, opened at once; acceptance is remembered as in the default layout.
 */
export function LanderEntryWarning(props: {
  texts: { title: string; body: string; confirm: string; leave: string; enter: string };
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (Cookies.get(ENTRY_WARNING_COOKIE) === '1') return;
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      id="site-entry-warning"
      className="lander-dialog"
      aria-labelledby="site-entry-warning-title"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="site-entry-warning-title" className="h4">
        {props.texts.title}
      </h2>
      <p>{props.texts.body}</p>
      <p>{props.texts.confirm}</p>
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <a className="btn btn-outline-secondary" href={LEAVE_URL} rel="noreferrer">
          {props.texts.leave}
        </a>
        <button
          type="button"
          className="btn btn-primary"
          autoFocus
          onClick={() => {
            Cookies.set(ENTRY_WARNING_COOKIE, '1', { expires: 365, path: '/', sameSite: 'lax' });
            dialog.current?.close();
          }}
        >
          {props.texts.enter}
        </button>
      </div>
    </dialog>
  );
}
