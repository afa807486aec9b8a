'use client';

import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

/**
 * The dialog the chat's gift, GIF and icebreaker pickers open in: a sheet that slides up from the
 * bottom on phones, a centred dialog on wider screens. Escape, the backdrop and the close button
 * close it; focus stays inside while it is open.
 */
export function ExtrasSheet(props: {
  show: boolean;
  /** The id of the title element (the dialog's accessible name). */
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Once the dialog is open (to move focus to its search field). */
  onOpened?: () => void;
  /** Once the dialog is gone (to move focus somewhere else than where it was before). */
  onClosed?: () => void;
  /** Whether focus goes back to where it was before the dialog opened (default yes). */
  restoreFocus?: boolean;
  /** Content above the scrolling body (a search field). */
  toolbar?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      show={props.show}
      onHide={props.onClose}
      onEntered={props.onOpened}
      onExited={props.onClosed}
      restoreFocus={props.restoreFocus ?? true}
      aria-labelledby={props.titleId}
      className="extras-sheet"
      dialogClassName="extras-sheet-dialog"
      contentClassName="extras-sheet-content"
      size="lg"
      scrollable
      centered
    >
      <Modal.Header closeButton closeLabel={props.closeLabel} className="extras-sheet-header">
        <Modal.Title as="h2" id={props.titleId} className="h5 mb-0">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      {props.toolbar ? <div className="extras-sheet-toolbar">{props.toolbar}</div> : null}
      <Modal.Body className="extras-sheet-body">{props.children}</Modal.Body>
      {props.footer ? <Modal.Footer className="extras-sheet-footer">{props.footer}</Modal.Footer> : null}
    </Modal>
  );
}

/** The failure of a list in a sheet, with the way to try again. */
export function SheetError(props: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="extras-sheet-state" role="alert">
      <p className="mb-3">{props.message}</p>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={props.onRetry}>
        {props.retryLabel}
      </button>
    </div>
  );
}
