'use client';

import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useCloseOutside } from './use-close-outside';

/** The menu's items, in order. */
function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')) : [];
}

/**
 * A "…" button that opens a menu of less used actions (the menu button pattern): the button has its
 * own label, the menu opens with Enter, Space or the arrow keys with focus on an item, the arrow keys,
 * Home and End move between items, Escape or Tab closes it (Escape returns focus to the button), and
 * choosing an item closes it. Items are `role="menuitem"` links or buttons inside `<li role="none">`.
 */
export function ActionsMenu(props: {
  /** The button's accessible name (it shows only "…"). */
  label: string;
  toggleClassName?: string;
  toggleRef?: RefObject<HTMLButtonElement | null>;
  align?: 'start' | 'end';
  /** Opens upwards, for a bar at the bottom of the screen. */
  dropUp?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const closeQuietly = useCallback(() => setOpen(false), []);
  const [focusOn, setFocusOn] = useState<'first' | 'last'>('first');
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const ownToggle = useRef<HTMLButtonElement>(null);
  const toggle = props.toggleRef ?? ownToggle;
  // Focus goes back to the button after the menu closed (by Escape or a choice), once rendered.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) toggle.current?.focus();
  }, [focusRequest, toggle]);

  useEffect(() => {
    if (!isOpen) return;
    const list = items(menu.current);
    (focusOn === 'last' ? list.at(-1) : list[0])?.focus();
  }, [isOpen, focusOn]);
  useCloseOutside(root, isOpen, closeQuietly);

  const open = (at: 'first' | 'last') => {
    setFocusOn(at);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) setFocusRequest((count) => count + 1);
  };

  const onToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(at + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(at - 1);
        break;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        event.preventDefault();
        moveTo(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className={`dropdown actions-menu${props.dropUp ? ' dropup' : ''}`} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={props.toggleClassName ?? 'btn btn-outline-secondary actions-menu-toggle'}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => (isOpen ? close(false) : open('first'))}
        onKeyDown={onToggleKey}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      <ul
        id={id}
        ref={menu}
        role="menu"
        aria-label={props.label}
        className={`dropdown-menu${props.align === 'end' ? ' dropdown-menu-end' : ''}${isOpen ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!isOpen}
        onKeyDown={onMenuKey}
      >
        {props.children(() => close(true))}
      </ul>
    </div>
  );
}
