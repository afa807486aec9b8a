import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tinderswipe } from '@/components/lander/islands/tinderswipe';
import { LanderScript } from '@/components/lander/lander-script';
import {
  TINDERSWIPE_CONFIG,
  TinderswipeDeck,
  type TinderswipeCard,
} from '@/components/lander/tinderswipe-markup';

// The deck as a visitor meets it: the markup the server renders, run by its island (the function the
// page writes into its one script), in a page without the framework.

const card = (id: number, name: string): TinderswipeCard => ({
  id,
  name,
  age: 30 + id,
  place: 'Utrecht',
  photo: `/cdn/p/${id}.jpg`,
  online: false,
  fictional: id === 2,
  likeLabel: `Like ${name}`,
  passLabel: `Pass ${name}`,
  askTitle: `Sign up to like ${name}`,
  shownStatus: `${name}, ${30 + id}, Utrecht`,
});

const TEXTS = {
  deckLabel: 'Members to swipe',
  hint: 'Drag the photo',
  stampLike: 'LIKE',
  stampNope: 'NOPE',
  online: 'Online now',
  fictional: 'fictional profile',
  askText: 'It is free.',
  askSignup: 'Sign up for free',
  keepSwiping: 'Keep swiping',
  endTitle: 'You have seen everyone here for now',
  endText: 'There are 3 members.',
  endSignup: 'See everyone',
};

/**
 * The server's markup of the deck in the page, and its island run as the page runs it: the script's
 * text alone (so the island may use nothing from outside its own source).
 */
function renderDeck(cards: TinderswipeCard[], before = '') {
  const deck = renderToStaticMarkup(<TinderswipeDeck cards={cards} texts={TEXTS} />);
  const script = renderToStaticMarkup(
    <LanderScript run={tinderswipe} config={TINDERSWIPE_CONFIG} nonce={null} />,
  );
  document.body.innerHTML = `${before}<main>${deck}${script}</main>`;
  // Scripts written as HTML do not run: the page's script, run as the browser would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script, as the browser runs it
  const run = new Function(document.querySelector('main script')?.textContent ?? '') as () => void;
  run();
}

const topName = () => screen.getByTestId('tinderswipe-card').querySelector('h2')?.textContent;
const status = () => document.querySelector('[aria-live="polite"]')?.textContent;

function useReducedMotion(isReduced: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: isReduced && query.includes('reduce'), media: query })),
  );
}

describe('tinderswipe deck', () => {
  let followed: string[];
  beforeEach(() => {
    followed = [];
    // A like follows the signup link: recorded here instead of leaving the page.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });
    // jsdom captures no pointers; browsers do.
    HTMLElement.prototype.setPointerCapture = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows the top member with two behind it, and buttons named for the top member', () => {
    useReducedMotion(true);
    renderDeck([card(1, 'Anna'), card(2, 'Bram'), card(3, 'Cleo'), card(4, 'Dirk')]);
    expect(screen.getAllByTestId('tinderswipe-card')).toHaveLength(1);
    expect(topName()).toBe('Anna, 31');
    expect(screen.getByRole('group', { name: 'Members to swipe' })).toBeVisible();
    // Only the top card is read out; Dirk waits out of sight.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Anna, 31',
    ]);
    expect(screen.getByText('Dirk, 34').closest('article')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Pass Anna' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Like Anna' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: TEXTS.endTitle })).toBeNull();
  });

  it('passes card by card to the call to sign up, which takes the focus', async () => {
    useReducedMotion(true);
    renderDeck([card(1, 'Anna'), card(2, 'Bram'), card(3, 'Cleo')]);
    await userEvent.click(screen.getByRole('button', { name: 'Pass Anna' }));
    expect(topName()).toBe('Bram, 32');
    expect(status()).toBe('Bram, 32, Utrecht');
    expect(screen.getByTestId('tinderswipe-card')).toHaveTextContent('fictional profile');
    expect(screen.queryByText('Anna, 31')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pass Bram' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pass Cleo' }));
    const end = screen.getByRole('heading', { name: TEXTS.endTitle });
    expect(end).toBeVisible();
    expect(end).toHaveFocus();
    expect(status()).toBe(TEXTS.endTitle);
    expect(screen.getByText('There are 3 members.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pass/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See everyone' })).toHaveAttribute('href', '/signup');
    expect(followed).toEqual([]);
  });

  it('likes by asking to sign up: the signup link is followed, and the visitor may swipe on', async () => {
    useReducedMotion(true);
    renderDeck([card(1, 'Anna'), card(3, 'Cleo')]);
    expect(screen.getByText('Sign up to like Anna', { selector: '.tsw-ask-title' })).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Like Anna' }));
    expect(within(screen.getByTestId('tinderswipe-card')).getByText('Sign up to like Anna')).toBeVisible();
    expect(status()).toBe('Sign up to like Anna');
    expect(followed).toEqual(['/signup']);
    const keep = screen.getByRole('button', { name: 'Keep swiping' });
    await userEvent.click(keep);
    expect(topName()).toBe('Cleo, 33');
    expect(screen.getByText('Sign up to like Cleo', { selector: '.tsw-ask-title' })).not.toBeVisible();
    // The visitor goes on where the deck goes on.
    expect(screen.getByRole('button', { name: 'Pass Cleo' })).toHaveFocus();
  });

  it('takes the arrow keys, but not in a field or while a dialog is open', async () => {
    useReducedMotion(true);
    renderDeck([card(1, 'Anna'), card(3, 'Cleo'), card(4, 'Dirk')], '<input aria-label="Search" />');
    await userEvent.keyboard('{ArrowLeft}');
    expect(topName()).toBe('Cleo, 33');

    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.keyboard('{ArrowLeft}{ArrowRight}');
    expect(topName()).toBe('Cleo, 33');
    expect(followed).toEqual([]);

    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(followed).toEqual([]);
    expect(topName()).toBe('Cleo, 33');
    dialog.remove();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(followed).toEqual(['/signup']);
    expect(within(screen.getByTestId('tinderswipe-card')).getByText('Sign up to like Cleo')).toBeVisible();
  });

  it('passes when the card is dragged far enough to the left, likes to the right, and else puts it back', () => {
    useReducedMotion(true);
    renderDeck([card(1, 'Anna'), card(3, 'Cleo'), card(4, 'Dirk')]);
    const drag = (dx: number) => {
      const top = screen.getByTestId('tinderswipe-card');
      fireEvent.pointerDown(top, { pointerId: 1, isPrimary: true, button: 0, clientX: 200, clientY: 300 });
      fireEvent.pointerMove(top, { pointerId: 1, clientX: 200 + dx, clientY: 300 });
      fireEvent.pointerUp(top, { pointerId: 1, clientX: 200 + dx, clientY: 300 });
    };
    drag(-40);
    expect(topName()).toBe('Anna, 31');
    expect(screen.getByTestId('tinderswipe-card').style.getPropertyValue('--tsw-dx')).toBe('0');
    drag(-160);
    expect(topName()).toBe('Cleo, 33');
    expect(followed).toEqual([]);
    drag(160);
    expect(topName()).toBe('Cleo, 33');
    expect(followed).toEqual(['/signup']);
    expect(within(screen.getByTestId('tinderswipe-card')).getByText('Sign up to like Cleo')).toBeVisible();
  });

  it('lets a passed card fly off before the next one is up', async () => {
    useReducedMotion(false);
    renderDeck([card(1, 'Anna'), card(3, 'Cleo')]);
    await userEvent.click(screen.getByRole('button', { name: 'Pass Anna' }));
    expect(screen.getByTestId('tinderswipe-card')).toHaveClass('is-leaving');
    expect(topName()).toBe('Anna, 31');
    await waitFor(() => expect(topName()).toBe('Cleo, 33'));
    expect(screen.getByTestId('tinderswipe-card')).not.toHaveClass('is-leaving');
  });

  it('is the call to sign up at once when there is nobody to show', () => {
    renderDeck([]);
    expect(screen.getByRole('heading', { name: TEXTS.endTitle })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Members to swipe' })).toBeNull();
  });
});
