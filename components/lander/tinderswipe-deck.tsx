'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** A member card of the deck, with its texts already in the page's language. */
export interface TinderswipeCard {
  id: number;
  name: string;
  age: number;
  place: string | null;
  /** The large main photo's address, or null. */
  photo: string | null;
  online: boolean;
  fictional: boolean;
  likeLabel: string;
  passLabel: string;
  /** The question after a like: sign up to like this member. */
  askTitle: string;
  /** What a screen reader hears when the card comes up. */
  shownStatus: string;
}

export interface TinderswipeTexts {
  deckLabel: string;
  hint: string;
  stampLike: string;
  stampNope: string;
  online: string;
  fictional: string;
  askText: string;
  askSignup: string;
  keepSwiping: string;
  endTitle: string;
  endText: string;
  endSignup: string;
}

/** How far (px) a card must be dragged to count as a swipe. */
const SWIPE_DISTANCE = 110;
/** How long a passed card flies off before the next one is up (the slow motion token). */
const LEAVE_MS = 320;
/** How many cards of the stack are drawn: the top one and two behind it. */
const DRAWN = 3;

const isReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** An arrow key meant for the deck: not typed into a field, a menu or a dialog, and no dialog open. */
function isDeckKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], details, dialog, [role="dialog"]')) return false;
  return !document.querySelector('dialog[open], [role="dialog"]');
}

/**
 * The tinderswipe deck: real members as a stack of cards. Drag a card (mouse, pen or finger), use
 * the buttons or the arrow keys: left passes and shows the next member; right (Like) asks the visitor
 * to sign up, by following the signup link, which opens the signup dialog on desktop and the signup
 * page on phones. The end of the deck is a call to sign up. Without motion when the visitor asks for
 * reduced motion.
 */
export function TinderswipeDeck(props: { cards: TinderswipeCard[]; texts: TinderswipeTexts }) {
  const { cards, texts } = props;
  const [index, setIndex] = useState(0);
  // Counts the visitor's likes: each one follows the signup link once.
  const [asks, setAsks] = useState(0);
  const [status, setStatus] = useState('');
  const topCard = useRef<HTMLElement>(null);
  const askLink = useRef<HTMLAnchorElement>(null);
  const endHeading = useRef<HTMLHeadingElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; dx: number } | null>(null);
  const isLeaving = useRef(false);
  // The buttons go with the last card: a visitor who passed it with a button goes on at the end's heading.
  const isEndFocused = useRef(false);
  const card = cards[index];

  const place = (dx: number, dy: number) => {
    topCard.current?.style.setProperty('--tsw-dx', String(dx));
    topCard.current?.style.setProperty('--tsw-dy', String(dy));
  };

  const next = useCallback(
    (fromButton: boolean) => {
      const following = cards[index + 1];
      setAsks(0);
      setIndex(index + 1);
      setStatus(following ? following.shownStatus : texts.endTitle);
      isLeaving.current = false;
      isEndFocused.current = !following && fromButton;
    },
    [cards, index, texts.endTitle],
  );

  const pass = useCallback(
    (fromButton = false) => {
      const element = topCard.current;
      if (!card || isLeaving.current) return;
      if (!element || isReducedMotion()) return next(fromButton);
      isLeaving.current = true;
      element.classList.add('is-leaving');
      place(-Math.max(window.innerWidth, 600), 40);
      window.setTimeout(() => next(fromButton), LEAVE_MS);
    },
    [card, next],
  );

  const like = useCallback(() => {
    if (!card || isLeaving.current) return;
    place(0, 0);
    setAsks((count) => count + 1);
    setStatus(card.askTitle);
  }, [card]);

  useEffect(() => {
    if (card || !isEndFocused.current) return;
    isEndFocused.current = false;
    endHeading.current?.focus();
  }, [card]);

  // A like follows the real signup link: the lander's signup opens the dialog on desktop, and on a
  // phone the link leads to the signup page.
  useEffect(() => {
    if (asks > 0) askLink.current?.click();
  }, [asks]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDeckKey(event)) return;
      event.preventDefault();
      if (event.key === 'ArrowLeft') pass();
      else like();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [pass, like]);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || event.button !== 0 || isLeaving.current) return;
    if ((event.target as Element).closest('a, button')) return;
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, dx: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.classList.add('is-dragging');
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    current.dx = event.clientX - current.x;
    place(current.dx, (event.clientY - current.y) / 3);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.classList.remove('is-dragging');
    const isSwipe = event.type === 'pointerup' && Math.abs(current.dx) >= SWIPE_DISTANCE;
    if (isSwipe && current.dx < 0) return pass();
    place(0, 0);
    if (isSwipe) like();
  };

  if (!card) {
    return (
      <div className="tsw-end">
        <span className="tsw-end-icon" aria-hidden="true">
          <HeartIcon />
        </span>
        <h2 ref={endHeading} tabIndex={-1} className="tsw-end-title">
          {texts.endTitle}
        </h2>
        <p>{texts.endText}</p>
        <a href="/signup" className="btn btn-secondary btn-lg lander-cta">
          {texts.endSignup}
        </a>
        <p className="visually-hidden" aria-live="polite">
          {status}
        </p>
      </div>
    );
  }

  return (
    <div className="tsw">
      <div className="tsw-stack" role="group" aria-label={texts.deckLabel}>
        {cards.slice(index, index + DRAWN).map((member, depth) => {
          const isTop = depth === 0;
          return (
            <article
              key={member.id}
              ref={isTop ? topCard : undefined}
              className={`tsw-card tsw-depth-${depth}${isTop && asks > 0 ? ' is-asking' : ''}`}
              aria-hidden={isTop ? undefined : true}
              data-testid={isTop ? 'tinderswipe-card' : undefined}
              onPointerDown={isTop ? onPointerDown : undefined}
              onPointerMove={isTop ? onPointerMove : undefined}
              onPointerUp={isTop ? onPointerEnd : undefined}
              onPointerCancel={isTop ? onPointerEnd : undefined}
            >
              {member.photo ? (
                // eslint-disable-next-line @next/next/no-img-element -- photos come from the site's CDN, sized already
                <img
                  className="tsw-photo"
                  src={member.photo}
                  alt=""
                  width={600}
                  height={800}
                  draggable={false}
                  loading="eager"
                  fetchPriority={index === 0 && depth === 0 ? 'high' : undefined}
                  decoding="async"
                />
              ) : null}
              <span className="tsw-stamp tsw-stamp-like" aria-hidden="true">
                {texts.stampLike}
              </span>
              <span className="tsw-stamp tsw-stamp-nope" aria-hidden="true">
                {texts.stampNope}
              </span>
              <div className="tsw-info">
                <h2 className="tsw-name">
                  {member.name}, {member.age}
                  {member.online ? (
                    <span className="lander-online-dot" role="img" aria-label={texts.online} title={texts.online} />
                  ) : null}
                </h2>
                {member.place ? <p className="tsw-place">{member.place}</p> : null}
                {member.fictional ? <span className="lander-fictional">✦ {texts.fictional}</span> : null}
              </div>
              {isTop && asks > 0 ? (
                <div className="tsw-ask">
                  <p className="tsw-ask-title">{member.askTitle}</p>
                  <p className="tsw-ask-text">{texts.askText}</p>
                  <a ref={askLink} href="/signup" className="btn btn-secondary lander-cta">
                    {texts.askSignup}
                  </a>
                  <button type="button" className="btn btn-link tsw-keep" onClick={() => pass(true)}>
                    {texts.keepSwiping}
                  </button>
                </div>
              ) : null}
            </article>
          );
        })}
      </div>
      <div className="tsw-actions">
        <button type="button" className="tsw-button tsw-button-pass" aria-label={card.passLabel} onClick={() => pass(true)}>
          <CrossIcon />
        </button>
        <button type="button" className="tsw-button tsw-button-like" aria-label={card.likeLabel} onClick={like}>
          <HeartIcon />
        </button>
      </div>
      <p className="tsw-hint">{texts.hint}</p>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
