/**
 * The tinderswipe deck in the browser (see lander-script.tsx: this function is written into the page
 * as it is, so it uses nothing from outside its body), on the markup of tinderswipe-markup.tsx: real
 * members as a stack of cards. Drag the top card (mouse, pen or finger), use the buttons or the arrow
 * keys: left passes and shows the next member; right (Like) asks the visitor to sign up and follows
 * the card's signup link, which opens the signup dialog on desktop and the signup page on phones
 * (islands/lander-islands.ts). The end of the deck is a call to sign up. A passed card flies off,
 * without motion for visitors who ask their system for reduced motion.
 */
export interface TinderswipeConfig {
  /** How far (px) a card must be dragged to count as a swipe. */
  swipeDistance: number;
  /** How long a passed card flies off before the next one is up. */
  leaveMs: number;
  /** How many cards of the stack are drawn: the top one and those behind it. */
  drawn: number;
}

export function tinderswipe(config: TinderswipeConfig): void {
  const root = document.querySelector<HTMLElement>('[data-tinderswipe]');
  const deck = root?.querySelector<HTMLElement>('.tsw');
  const stack = deck?.querySelector<HTMLElement>('.tsw-stack');
  const passButton = deck?.querySelector<HTMLButtonElement>('.tsw-button-pass');
  const likeButton = deck?.querySelector<HTMLButtonElement>('.tsw-button-like');
  const end = root?.querySelector<HTMLElement>('.tsw-end');
  const endTitle = end?.querySelector<HTMLElement>('.tsw-end-title');
  const status = root?.querySelector<HTMLElement>('.tsw-status');
  if (!root || !deck || !stack || !passButton || !likeButton || !end || !endTitle || !status) return;

  const cards = () => Array.from(stack.querySelectorAll<HTMLElement>(':scope > .tsw-card'));
  const top = (): HTMLElement | undefined => cards()[0];
  let isLeaving = false;
  let drag: { card: HTMLElement; pointer: number; x: number; y: number; dx: number } | null = null;

  const isReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const place = (card: HTMLElement, dx: number, dy: number) => {
    card.style.setProperty('--tsw-dx', String(dx));
    card.style.setProperty('--tsw-dy', String(dy));
  };

  /** The stack as it is now: the top card for everyone, the next ones drawn behind it, the rest hidden. */
  const draw = () => {
    cards().forEach((card, depth) => {
      for (let level = 0; level < config.drawn; level += 1)
        card.classList.toggle(`tsw-depth-${level}`, level === depth);
      card.hidden = depth >= config.drawn;
      if (depth === 0) {
        card.removeAttribute('aria-hidden');
        card.dataset.testid = 'tinderswipe-card';
        passButton.setAttribute('aria-label', card.dataset.passLabel ?? '');
        likeButton.setAttribute('aria-label', card.dataset.likeLabel ?? '');
      } else {
        card.setAttribute('aria-hidden', 'true');
        delete card.dataset.testid;
      }
    });
  };

  /** The next member comes up, or the end of the deck. */
  const next = (fromButton: boolean) => {
    const leaving = top();
    const hadFocus = Boolean(leaving?.contains(document.activeElement));
    const wasInDeck = deck.contains(document.activeElement);
    leaving?.remove();
    isLeaving = false;
    drag = null;
    draw();
    const card = top();
    if (card) {
      status.textContent = card.dataset.shown ?? '';
      // The "keep swiping" of the passed card is gone: the visitor goes on at the Pass button.
      if (hadFocus) passButton.focus();
      return;
    }
    deck.hidden = true;
    end.hidden = false;
    status.textContent = endTitle.textContent;
    // The buttons went with the last card: a visitor who passed it with one goes on at the end's heading.
    if (fromButton || wasInDeck) endTitle.focus();
  };

  const pass = (fromButton = false) => {
    const card = top();
    if (!card || isLeaving) return;
    if (isReducedMotion()) return next(fromButton);
    isLeaving = true;
    card.classList.add('is-leaving');
    place(card, -Math.max(window.innerWidth, 600), 40);
    window.setTimeout(() => next(fromButton), config.leaveMs);
  };

  /** A like asks to sign up, and follows the card's real signup link. */
  const like = () => {
    const card = top();
    const ask = card?.querySelector<HTMLElement>('.tsw-ask');
    if (!card || !ask || isLeaving) return;
    place(card, 0, 0);
    card.classList.add('is-asking');
    ask.hidden = false;
    status.textContent = ask.querySelector('.tsw-ask-title')?.textContent ?? '';
    ask.querySelector<HTMLAnchorElement>('a[href]')?.click();
  };

  passButton.addEventListener('click', () => pass(true));
  likeButton.addEventListener('click', like);
  stack.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('.tsw-keep')) pass(true);
  });

  // The arrow keys, when not meant for a field, a menu or a dialog, and no dialog is open.
  window.addEventListener('keydown', (event) => {
    if (!root.isConnected || deck.hidden) return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const target = event.target instanceof Element ? event.target : null;
    if (
      target?.closest('input, textarea, select, [contenteditable="true"], details, dialog, [role="dialog"]')
    )
      return;
    if (document.querySelector('dialog[open], [role="dialog"]')) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') pass();
    else like();
  });

  // Dragging the top card: far enough to the left passes, to the right likes; else it goes back.
  stack.addEventListener('pointerdown', (event) => {
    const card = top();
    const target = event.target instanceof Element ? event.target : null;
    if (!card || !target || !card.contains(target) || target.closest('a, button')) return;
    if (!event.isPrimary || event.button !== 0 || isLeaving) return;
    drag = { card, pointer: event.pointerId, x: event.clientX, y: event.clientY, dx: 0 };
    card.setPointerCapture(event.pointerId);
    card.classList.add('is-dragging');
  });
  stack.addEventListener('pointermove', (event) => {
    if (!drag || drag.pointer !== event.pointerId) return;
    drag.dx = event.clientX - drag.x;
    place(drag.card, drag.dx, (event.clientY - drag.y) / 3);
  });
  const release = (event: PointerEvent) => {
    if (!drag || drag.pointer !== event.pointerId) return;
    const { card, dx } = drag;
    drag = null;
    card.classList.remove('is-dragging');
    const isSwipe = event.type === 'pointerup' && Math.abs(dx) >= config.swipeDistance;
    if (isSwipe && dx < 0) return pass();
    place(card, 0, 0);
    if (isSwipe) like();
  };
  stack.addEventListener('pointerup', release);
  stack.addEventListener('pointercancel', release);
}
