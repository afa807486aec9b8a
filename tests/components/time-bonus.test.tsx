import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { TimeBonusModal } from '@/components/discounts/time-bonus-modal';
import { TimeBonusSync } from '@/components/discounts/time-bonus-sync';
import { WelcomeBanner } from '@/components/discounts/welcome-banner';
import { dismiss } from '@/components/hooks/dismissals';
import {
  createDiscountHandlers,
  createMockDiscountState,
  type MockDiscountState,
} from '@/lib/api/mocks/discount-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { TIME_BONUS_MODAL_DELAY_MS } from '@/lib/shared/constants';
import { timeBonusStore, timeParts } from '@/stores/time-bonus-store';
import { buildUser } from '../factories/build-user';
import { renderWithProviders } from '../helpers/render';

let state: MockDiscountState = createMockDiscountState();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockDiscountState();
  server.resetHandlers(...createDiscountHandlers(state), ...createHandlers(() => 'member'));
  timeBonusStore.getState().clear();
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());
afterAll(() => server.close());

const newMember = buildUser({ credits: 0, paid_user: false });

describe('time bonus store', () => {
  it('pads hours, minutes and seconds, counts down and clears at zero', () => {
    expect(timeParts(3 * 3600 + 2 * 60 + 5)).toEqual({ hours: '03', minutes: '02', seconds: '05' });
    const store = timeBonusStore.getState();
    store.start({ code: 'TIMEBONUS25', percentage: 25, secondsLeft: 2 }, 1_000_000);
    expect(timeBonusStore.getState()).toMatchObject({
      isVisible: true,
      hours: '00',
      minutes: '00',
      seconds: '02',
    });
    timeBonusStore.getState().tick(1_001_000);
    expect(timeBonusStore.getState().seconds).toBe('01');
    timeBonusStore.getState().tick(1_002_000);
    expect(timeBonusStore.getState()).toMatchObject({ isVisible: false, code: null, seconds: '00' });
  });

  it('never runs longer than 4 hours', () => {
    timeBonusStore.getState().start({ code: 'TIMEBONUS25', percentage: 25, secondsLeft: 99_999 }, 0);
    expect(timeBonusStore.getState()).toMatchObject({ hours: '04', minutes: '00', seconds: '00' });
  });
});

describe('welcome banner', () => {
  it('shows the star-framed 25% and the time bonus counting down each second, linking to the credits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    state.timeBonusSeconds = 3725;
    renderWithProviders(
      <>
        <TimeBonusSync />
        <WelcomeBanner />
      </>,
      { user: newMember },
    );
    const countdown = await screen.findByRole('timer');
    await waitFor(() => expect(countdown).toHaveTextContent('01:02:05'));
    const link = screen.getByRole('link', { name: /25% welcome discount/ });
    expect(link).toHaveAttribute('href', '/credits');
    expect(link.textContent).toMatch(/★.*25% welcome discount.*★/);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(countdown).toHaveTextContent('01:02:04');
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(countdown).toHaveTextContent('01:00:59');
  });

  it('falls back to the welcome code when there is no time bonus, and goes when the bonus runs out', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    state.timeBonusSeconds = 2;
    state.welcome = null;
    renderWithProviders(
      <>
        <TimeBonusSync />
        <WelcomeBanner />
      </>,
      { user: newMember },
    );
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('00:00:02'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the welcome code’s time left when there is no time bonus', async () => {
    state.timeBonusSeconds = null;
    const welcome = state.welcome;
    if (!welcome) throw new Error('no welcome code');
    welcome.expires = new Date(Date.now() + 50 * 3600_000 + 90_000).toISOString();
    renderWithProviders(
      <>
        <TimeBonusSync />
        <WelcomeBanner />
      </>,
      { user: newMember },
    );
    expect(await screen.findByRole('link', { name: /25% welcome discount/ })).toHaveAttribute(
      'href',
      '/credits',
    );
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^50:01:(2\d|30)$/));
  });

  it('is not shown to a paying member, nor when the welcome code cannot be loaded', async () => {
    renderWithProviders(
      <>
        <TimeBonusSync />
        <WelcomeBanner />
      </>,
      { user: buildUser({ credits: 0, paid_user: true }) },
    );
    state.timeBonusSeconds = null;
    state.welcome = null;
    const view = renderWithProviders(
      <>
        <TimeBonusSync />
        <WelcomeBanner />
      </>,
      { user: newMember },
    );
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('link')).toBeNull();
    expect(timeBonusStore.getState().isVisible).toBe(false);
  });
});

describe('time-bonus modal', () => {
  const startBonus = () =>
    timeBonusStore.getState().start({ code: 'TIMEBONUS25', percentage: 25, secondsLeft: 3 * 3600 + 15 * 60 });

  it('appears 40 s after entering the members area with the offer, and closing it records the dismissal', async () => {
    vi.useFakeTimers();
    startBonus();
    renderWithProviders(<TimeBonusModal />, { user: newMember });
    act(() => {
      vi.advanceTimersByTime(TIME_BONUS_MODAL_DELAY_MS - 100);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    // The dialog's code loads once the offer is due.
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: '25% welcome bonus' });
    expect(dialog).toHaveTextContent('Special offer');
    expect(dialog).toHaveTextContent('Act fast: only 4 hours left!');
    expect(dialog).toHaveTextContent('Your credits arrive instantly after payment.');
    expect(screen.getByRole('link', { name: 'Unlock 25% off' })).toHaveAttribute('href', '/credits');
    expect(screen.getByRole('link', { name: 'Offer valid for 03:15:00' })).toHaveAttribute(
      'href',
      '/credits',
    );

    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = Number(window.localStorage.getItem('time-bonus-modal'));
    expect(stored).toBeGreaterThanOrEqual(before);
  });

  it('does not appear with credits, without a visible bonus, or once dismissed', async () => {
    // A member it is for sees it: its code is loaded from here on, so a dialog would show at once.
    startBonus();
    const shown = renderWithProviders(<TimeBonusModal delayMs={0} />, { user: newMember });
    expect(await screen.findByRole('dialog', { name: '25% welcome bonus' })).toBeInTheDocument();
    shown.unmount();

    vi.useFakeTimers();
    const withCredits = renderWithProviders(<TimeBonusModal />, {
      user: buildUser({ credits: 5, paid_user: false }),
    });
    act(() => {
      vi.advanceTimersByTime(TIME_BONUS_MODAL_DELAY_MS);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    withCredits.unmount();

    timeBonusStore.getState().clear();
    const noBonus = renderWithProviders(<TimeBonusModal />, { user: newMember });
    act(() => {
      vi.advanceTimersByTime(TIME_BONUS_MODAL_DELAY_MS);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    noBonus.unmount();

    startBonus();
    dismiss('time-bonus-modal', Date.now() - 86_400_000);
    renderWithProviders(<TimeBonusModal />, { user: newMember });
    act(() => {
      vi.advanceTimersByTime(TIME_BONUS_MODAL_DELAY_MS);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a shorter delay when given one', async () => {
    vi.useFakeTimers();
    startBonus();
    renderWithProviders(<TimeBonusModal delayMs={1000} />, { user: newMember });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: '25% welcome bonus' })).toBeInTheDocument();
  });
});
