'use client';

import { useEffect, useId, useRef } from 'react';

/**
 * A question with a yes and a no, in the browser's own modal dialog: focus starts on "no" (the safe
 * choice), Escape closes it, and focus returns to where it was.
 */
export function ConfirmDialog(props: {
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="chat-confirm"
      aria-describedby={textId}
      onClose={props.onClose}
      onCancel={props.onClose}
    >
      <p id={textId} className="chat-confirm-text">
        {props.text}
      </p>
      <div className="chat-confirm-actions">
        <button type="button" className="btn btn-outline-secondary" autoFocus onClick={props.onClose}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
