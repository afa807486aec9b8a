import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// `findBy…` and `waitFor` wait up to 3 s: a busy shared machine renders slowly at times.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no modal dialogs: opening one sets `open`, closing removes it and fires `close`, as
// browsers do (focus trapping and the backdrop are the browser's, tested in Playwright).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
