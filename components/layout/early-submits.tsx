'use client';

import { useEffect } from 'react';

interface EarlySubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

type EarlyWindow = Window & { __pageRuns?: boolean; __earlySubmits?: EarlySubmit[] };
type Tracked = HTMLElement & { _valueTracker?: { setValue: (value: string) => void } };

/**
 * Lets the form's state (controlled fields keep the state the page was drawn with) take what was
 * typed before the page ran: each field whose value differs from the drawn one reports the change
 * as an input would. React remembers a field's value when it takes the page over; it is told the
 * drawn value, so it sees the typed one as new.
 */
function takeTypedValues(form: HTMLFormElement) {
  for (const field of Array.from(form.elements)) {
    const tracked = field as Tracked;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      tracked._valueTracker?.setValue(String(field.defaultChecked));
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value === field.defaultValue || field.type === 'file') continue;
      tracked._valueTracker?.setValue(field.defaultValue);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (field instanceof HTMLSelectElement) {
      const drawn = Array.from(field.options).find((option) => option.defaultSelected)?.value ?? '';
      if (field.value === drawn) continue;
      tracked._valueTracker?.setValue(drawn);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/** Sends the forms held back before the page ran, through their own handlers (see early-submits-script.ts). */
export function EarlySubmits() {
  useEffect(() => {
    const early = window as EarlyWindow;
    early.__pageRuns = true;
    for (const { form } of early.__earlySubmits ?? []) {
      if (form.isConnected) takeTypedValues(form);
    }
    // Sent once the fields' changes are in the forms' state (React applies them after this task).
    const timer = window.setTimeout(() => {
      const held = early.__earlySubmits ?? [];
      early.__earlySubmits = [];
      for (const { form, submitter } of held) {
        form.removeAttribute('aria-busy');
        if (!form.isConnected) continue;
        const button = submitter?.isConnected ? submitter : null;
        form.requestSubmit(
          button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button : undefined,
        );
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
