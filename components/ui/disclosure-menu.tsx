'use client';

import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useCloseOutside } from './use-close-outside';

/**
 * A button that opens a list of links or buttons below it (the disclosure pattern): Escape or a
 * click elsewhere closes it and focus returns to the button; choosing an item closes it too.
 */
export function DisclosureMenu(props: {
  label: ReactNode;
  ariaLabel?: string;
  toggleClassName?: string;
  align?: 'start' | 'end';
  isDisabled?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const closeQuietly = useCallback(() => setOpen(false), []);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);
  useCloseOutside(root, isOpen, closeQuietly);

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className={`dropdown-toggle ${props.toggleClassName ?? 'btn btn-outline-secondary btn-sm'}`}
        aria-expanded={isOpen}
        aria-controls={id}
        aria-label={props.ariaLabel}
        disabled={props.isDisabled}
        onClick={() => setOpen((open) => !open)}
      >
        {props.label}
      </button>
      <ul
        id={id}
        className={`dropdown-menu${props.align === 'end' ? ' dropdown-menu-end' : ''}${isOpen ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!isOpen}
      >
        {props.children(() => setOpen(false))}
      </ul>
    </div>
  );
}
