import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TinderswipeDeck, type TinderswipeCard } from '@/components/lander/tinderswipe-deck';

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

const topName = () => screen.getByTestId('tinderswipe-card').querySelector('h2')?.textContent;

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
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('passes card by card to the call to sign up, which takes the focus', async () => {
    useReducedMotion(true);
    render(<TinderswipeDeck cards={[card(1, 'Anna'), card(2, 'Bram'), card(3, 'Cleo')]} texts={TEXTS} />);
    expect(topName()).toBe('Anna, 31');
    await userEvent.click(screen.getByRole('button', { name: 'Pass Anna' }));
    expect(topName()).toBe('Bram, 32');
    expect(screen.getByTestId('tinderswipe-card')).toHaveTextContent('fictional profile');
    await userEvent.click(screen.getByRole('button', { name: 'Pass Bram' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pass Cleo' }));
    const end = screen.getByRole('heading', { name: TEXTS.endTitle });
    await waitFor(() => expect(end).toHaveFocus());
    expect(screen.getByRole('link', { name: 'See everyone' })).toHaveAttribute('href', '/signup');
    expect(followed).toEqual([]);
  });

  it('likes by asking to sign up: the signup link is followed, and the visitor may swipe on', async () => {
    useReducedMotion(true);
    render(<TinderswipeDeck cards={[card(1, 'Anna'), card(3, 'Cleo')]} texts={TEXTS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Like Anna' }));
    expect(screen.getByText('Sign up to like Anna', { selector: 'p.tsw-ask-title' })).toBeVisible();
    expect(followed).toEqual(['/signup']);
    await userEvent.click(screen.getByRole('button', { name: 'Keep swiping' }));
    expect(topName()).toBe('Cleo, 33');
  });

  it('takes the arrow keys, but not in a field or while a dialog is open', async () => {
    useReducedMotion(true);
    render(
      <>
        <input aria-label="Search" />
        <TinderswipeDeck cards={[card(1, 'Anna'), card(3, 'Cleo'), card(4, 'Dirk')]} texts={TEXTS} />
      </>,
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(topName()).toBe('Cleo, 33');

    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.keyboard('{ArrowLeft}{ArrowRight}');
    expect(topName()).toBe('Cleo, 33');
    expect(followed).toEqual([]);

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(followed).toEqual([]);
    dialog.remove();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(followed).toEqual(['/signup']);
  });

  it('lets a passed card fly off before the next one is up', async () => {
    useReducedMotion(false);
    render(<TinderswipeDeck cards={[card(1, 'Anna'), card(3, 'Cleo')]} texts={TEXTS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pass Anna' }));
    expect(screen.getByTestId('tinderswipe-card')).toHaveClass('is-leaving');
    await waitFor(() => expect(topName()).toBe('Cleo, 33'));
  });
});
