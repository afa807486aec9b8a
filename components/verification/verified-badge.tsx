'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { VerifiedSeal } from './verified-seal';

/** Where the explanation shows: below the badge, inside the window. */
function placeBubble(button: HTMLElement, bubble: HTMLElement): { top: number; left: number } {
  const margin = 8;
  const rect = button.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const left = Math.min(
    Math.max(margin, rect.left + rect.width / 2 - width / 2),
    window.innerWidth - width - margin,
  );
  const below = rect.bottom + 8;
  const fitsBelow = below + bubble.offsetHeight <= window.innerHeight - margin;
  return { top: fitsBelow ? below : Math.max(margin, rect.top - 8 - bubble.offsetHeight), left };
}

/**
 * The explanation of the badge, shown on a click or tap (a "toggletip"): the button says what the
 * badge is; pressing it shows what it means and a screen reader hears it from the live region beside
 * it. Escape, a press elsewhere or the button again close it; focus stays on the button.
 */
function BadgeToggletip(props: { name: string; className?: string }) {
  const t = useTranslations('VerifiedBadge');
  const [isOpen, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const id = useId();
  const text = t('explain', { name: props.name });

  const reposition = useCallback(() => {
    if (button.current && bubble.current) setPlace(placeBubble(button.current, bubble.current));
  }, []);
  useLayoutEffect(() => {
    if (isOpen) reposition();
  }, [isOpen, reposition]);
  const close = useCallback(() => {
    setOpen(false);
    setPlace(null);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !bubble.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    const onBlur = (event: FocusEvent) => {
      if (!button.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onBlur);
    window.addEventListener('resize', reposition);
    window.addEventListener('scroll', reposition, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onBlur);
      window.removeEventListener('resize', reposition);
      window.removeEventListener('scroll', reposition, true);
    };
  }, [isOpen, reposition, close]);

  return (
    <span className={`verified-badge-toggletip ${props.className ?? ''}`}>
      <button
        ref={button}
        type="button"
        className="verified-badge is-button"
        aria-label={t('label')}
        aria-expanded={isOpen}
        aria-controls={id}
        title={t('label')}
        onClick={() => (isOpen ? close() : setOpen(true))}
      >
        <VerifiedSeal />
      </button>
      <span id={id} role="status" className="visually-hidden">
        {isOpen ? `${t('explainTitle')}. ${text}` : ''}
      </span>
      {isOpen
        ? createPortal(
            <div
              ref={bubble}
              className="verified-bubble"
              aria-hidden="true"
              style={place ? { top: place.top, left: place.left } : { visibility: 'hidden', top: 0, left: 0 }}
            >
              <p className="verified-bubble-title">
                <VerifiedSeal />
                {t('explainTitle')}
              </p>
              <p className="mb-0">{text}</p>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}

/**
 * The verified badge: a small check mark in a seal, named "Photo verified". Inside a link (member
 * cards) it is a picture with that name; elsewhere (`name` given) a button that explains what it
 * means on a click or tap, by keyboard and touch.
 */
export function VerifiedBadge(props: { name?: string; className?: string }) {
  const t = useTranslations('VerifiedBadge');
  if (props.name !== undefined) return <BadgeToggletip name={props.name} className={props.className} />;
  return (
    <span
      className={`verified-badge ${props.className ?? ''}`}
      role="img"
      aria-label={t('label')}
      title={t('label')}
    >
      <VerifiedSeal />
    </span>
  );
}
