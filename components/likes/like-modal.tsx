'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { LikerProfile } from '@/lib/shared/schemas/likes';

/**
 * The like modal (spec §2): over the whole screen, an animated thumbs-up, 'New like!' and the
 * liker's main photo. The photo and the one button (its label is the caller's) report the liker's
 * id; a click anywhere else, Escape and the close button close it. A modal dialog: focus stays in
 * it and screen readers announce its title and who liked them.
 */
export function LikeModal(props: {
  liker: LikerProfile;
  actionLabel: string;
  /** A fictional liker's disclosure (the site's singular wording); shown when given. */
  fictionalLabel?: string | null;
  onAction: (id: number) => void;
  onClose: () => void;
}) {
  const t = useTranslations('LikeModal');
  const dialog = useRef<HTMLDialogElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const { liker } = props;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    // Opening moves focus to the first control (the close button): the one button is the place.
    action.current?.focus();
  }, []);

  const report = (event: MouseEvent) => {
    event.stopPropagation();
    props.onAction(liker.id);
  };

  return (
    // A click on the overlay itself (outside the photo and the buttons) closes the modal; the
    // keyboard has Escape and the close button for the same.
    <dialog
      ref={dialog}
      className="like-modal"
      aria-labelledby="like-modal-title"
      aria-describedby="like-modal-text"
      onClose={props.onClose}
      onClick={() => dialog.current?.close()}
    >
      <button
        type="button"
        className="like-modal-close"
        aria-label={t('close')}
        onClick={(event) => {
          event.stopPropagation();
          dialog.current?.close();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
      <div className="like-modal-body">
        <span className="like-modal-thumb" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="44" height="44" focusable="false">
            <path
              fill="currentColor"
              d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
            />
          </svg>
        </span>
        <h2 id="like-modal-title" className="like-modal-title">
          {t('title')}
        </h2>
        <button
          type="button"
          className="like-modal-photo"
          aria-label={t('openProfile', { name: liker.name })}
          onClick={report}
        >
          {liker.main_image ? (
            // eslint-disable-next-line @next/next/no-img-element -- photos come from the CDN, sized already
            <img src={liker.main_image.match} alt="" width={240} height={240} />
          ) : (
            <span className="like-modal-placeholder" aria-hidden="true">
              {liker.name.slice(0, 1).toUpperCase()}
            </span>
          )}
        </button>
        <p id="like-modal-text" className="like-modal-text">
          {t('text', { name: liker.name, age: liker.age })}
          {props.fictionalLabel ? (
            <span className="like-modal-fictional d-block small">{props.fictionalLabel}</span>
          ) : null}
        </p>
        <button ref={action} type="button" className="btn btn-light btn-lg w-100" onClick={report}>
          {props.actionLabel}
        </button>
      </div>
    </dialog>
  );
}
