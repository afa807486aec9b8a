import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { SignupModal } from '@/components/auth/signup-modal';
import { SignupPageView } from '@/components/auth/signup-page-view';
import { TrackingCapture } from '@/components/auth/tracking-capture';
import {
  createAuthHandlers,
  createMockAuthState,
  MOCK_EMAILS,
  mockUnconfirmedUser,
  type MockAuthState,
} from '@/lib/api/mocks/auth-handlers';
import { mockSettings } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { Settings } from '@/lib/shared/schemas/settings';
import { SIGNUP_DRAFT_KEY } from '@/stores/signup-store';
import pl from '@/messages/pl.json';
import { renderWithProviders } from '../helpers/render';

let auth: MockAuthState = createMockAuthState();
let user: UserEvent = userEvent.setup();
const handlers = () => [...createAuthHandlers(auth), ...createHandlers(() => 'visitor')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  auth = createMockAuthState();
  user = userEvent.setup({ delay: null });
  server.resetHandlers(...handlers());
  // A fixed day, so that "18 today" and "17 for one more day" stay what they are.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  Cookies.remove('tracking', { path: '/' });
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const PASSWORD = 'velvet-lantern-42';
const useSettings = (patch: Partial<Settings>) =>
  server.use(http.get('*/api/settings.php', () => HttpResponse.json({ ...mockSettings, ...patch })));

const heading = (name: RegExp) => screen.findByRole('heading', { name });
const next = () => user.click(screen.getByRole('button', { name: 'Next' }));

async function chooseDate(day: string, month: string, year: string) {
  await user.selectOptions(screen.getByLabelText('Day'), day);
  await user.selectOptions(screen.getByLabelText('Month'), month);
  await user.selectOptions(screen.getByLabelText('Year'), year);
}

/** Answers steps 0 to 3 and lands on the password step. */
async function fillUpToPassword(email = 'robin@example.com') {
  await user.click(await screen.findByRole('button', { name: 'I am a man' }));
  await user.type(screen.getByLabelText('Username'), 'Robin');
  await next();
  await chooseDate('15', '06', '1990');
  await next();
  await user.type(screen.getByLabelText('E-mail address'), email);
  await next();
  await heading(/Choose a password/);
}

async function submitPassword() {
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('signup steps', () => {
  it('checks the username before moving on', async () => {
    renderWithProviders(<SignupPageView />, { user: null });
    await user.click(await screen.findByRole('button', { name: 'I am a man' }));
    expect(await heading(/Step 2 of 5 Choose a username/)).toHaveFocus();
    await next();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(/Your username needs 3 to 24 characters\./);
    expect(username).toHaveFocus();
    await user.type(username, 'Robin');
    await next();
    expect(await heading(/When were you born\?/)).toHaveFocus();
  });

  it('refuses a date of birth under 18 and an impossible date', async () => {
    window.sessionStorage.setItem(
      SIGNUP_DRAFT_KEY,
      JSON.stringify({ state: { step: 2, gender: 'female', name: 'Robin' }, version: 1 }),
    );
    renderWithProviders(<SignupPageView />, { user: null });
    await heading(/When were you born\?/);
    // Born 16 June 2007: one day short of 18 on 15 June 2025.
    await chooseDate('16', '06', '2007');
    await next();
    expect(screen.getByText('Enter your date of birth (18+)')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveFocus();
    expect(screen.getByLabelText('Year')).toHaveAccessibleDescription('Enter your date of birth (18+)');
    await chooseDate('31', '02', '2000');
    await next();
    expect(screen.getByText('Invalid date of birth.')).toBeInTheDocument();
    await chooseDate('15', '06', '2007');
    await next();
    expect(await heading(/What is your e-mail address\?/)).toHaveFocus();
  });

  it('checks the address, and the username against it', async () => {
    window.sessionStorage.setItem(
      SIGNUP_DRAFT_KEY,
      JSON.stringify({
        state: { step: 3, gender: 'female', name: 'Robin', date_of_birth: '1990-06-15' },
        version: 1,
      }),
    );
    renderWithProviders(<SignupPageView />, { user: null });
    await user.type(await screen.findByLabelText('E-mail address'), 'robin@');
    await next();
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(/^Invalid email/);
    await user.type(screen.getByLabelText('E-mail address'), 'example.com');
    await next();
    await heading(/Choose a password/);

    // Back on the username step, the username may no longer be the address just given.
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'robin@example.com');
    await next();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      /Username may not be the same as your e-mail address/,
    );
  });

  it('keeps the draft across a remount, but never the password', async () => {
    const { unmount } = renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('About you (optional)'), 'Hello there');
    unmount();

    expect(window.sessionStorage.getItem(SIGNUP_DRAFT_KEY)).toContain('robin@example.com');
    expect(window.sessionStorage.getItem(SIGNUP_DRAFT_KEY)).not.toContain(PASSWORD);

    renderWithProviders(<SignupPageView />, { user: null });
    await heading(/Step 5 of 5 Choose a password/);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('About you (optional)')).toHaveValue('Hello there');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('robin@example.com');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Year')).toHaveValue('1990');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveValue('Robin');
  });

  it('will not send without the password rules and the terms', async () => {
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /Your password needs at least 8 characters\./,
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const terms = screen.getByRole('checkbox', { name: /I accept the terms and conditions/ });
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription('Please accept the terms and conditions to continue.');
    expect(within(terms.closest('div') ?? document.body).getByRole('link')).toHaveAttribute(
      'href',
      '/pages/terms',
    );
  });

  it('sends the draft with language, country and traffic source, then asks to confirm the address', async () => {
    Cookies.set('tracking', JSON.stringify({ network: 'affnet', sub1: 'banner' }), { path: '/' });
    let body: unknown = null;
    server.use(
      http.post('*/api/signup.php', async ({ request }) => {
        body = await request.json();
        auth.user = mockUnconfirmedUser;
        return HttpResponse.json({ user: mockUnconfirmedUser }, { status: 201 });
      }),
    );
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await submitPassword();

    expect(await heading(/Check your inbox/)).toHaveFocus();
    expect(screen.getByText('robin@example.com')).toBeInTheDocument();
    expect(body).toEqual({
      email: 'robin@example.com',
      name: 'Robin',
      date_of_birth: '1990-06-15',
      password: PASSWORD,
      gender: 'male',
      language: 'en',
      country: 'NL',
      tracking: { network: 'affnet', sub1: 'banner' },
    });
    expect(window.sessionStorage.getItem(SIGNUP_DRAFT_KEY)).not.toContain('Robin');

    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('We have sent you a new e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'qa@example.test' })).toHaveAttribute(
      'href',
      'mailto:qa@example.test',
    );
  });

  it('sends a field error of the server back to the step that asks for it', async () => {
    server.use(
      http.post('*/api/signup.php', () =>
        apiError('field_invalid', { message: 'Username may not start with @', field: 'name' }),
      ),
    );
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await submitPassword();

    await heading(/Step 2 of 5 Choose a username/);
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(/^Username may not start with @/);
  });

  it('offers to log in when the address already has an account', async () => {
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword(MOCK_EMAILS.member);
    await submitPassword();

    await heading(/Step 4 of 5 What is your e-mail address\?/);
    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/This email address already owns an account on this website\./);
    expect(screen.getByRole('link', { name: 'Log in with this address' })).toHaveAttribute('href', '/login');
  });
});

describe('signup modes', () => {
  it('shows the invite-only message instead of the form', async () => {
    useSettings({ signups: 'invite_only' });
    renderWithProviders(<SignupPageView />, { user: null });
    expect(await heading(/Signing up is by invitation only/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I am a man' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('admits visitors from a traffic source only when a network is stored', async () => {
    useSettings({ signups: 'with_trafficsource' });
    Cookies.set('tracking', JSON.stringify({ ref: 'no-network' }), { path: '/' });
    const { unmount } = renderWithProviders(<SignupPageView />, { user: null });
    expect(await heading(/Signing up is by invitation only/)).toBeInTheDocument();
    unmount();

    Cookies.set('tracking', JSON.stringify({ network: 'affnet' }), { path: '/' });
    renderWithProviders(<SignupPageView />, { user: null });
    expect(await screen.findByRole('button', { name: 'I am a woman' })).toBeInTheDocument();
  });

  it('switches to the invite-only message when the server says signups are closed', async () => {
    auth.signupsClosed = true;
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await submitPassword();
    expect(await heading(/Signing up is by invitation only/)).toBeInTheDocument();
  });

  it('shows a member who has not confirmed yet the complete step', async () => {
    renderWithProviders(<SignupPageView />, { user: mockUnconfirmedUser });
    expect(await heading(/Check your inbox/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeInTheDocument();
  });
});

describe('welcome credits on the complete step', () => {
  it('says how many credits confirming the address brings, and how many messages they pay for', async () => {
    useSettings({ signup_credits: 30, message_credits: 10 });
    renderWithProviders(<SignupPageView />, { user: mockUnconfirmedUser });
    expect(await heading(/Check your inbox/)).toBeInTheDocument();
    expect(
      await screen.findByText('Confirm your address and get 30 credits as a welcome gift'),
    ).toBeVisible();
    expect(screen.getByText('Enough for your first 3 messages.')).toBeVisible();
  });

  it('says it in the member’s language', async () => {
    useSettings({ signup_credits: 50, message_credits: 10 });
    renderWithProviders(<SignupPageView />, { user: mockUnconfirmedUser, locale: 'pl', messages: pl });
    expect(await screen.findByText('Potwierdź adres i odbierz 50 kredytów na powitanie')).toBeVisible();
    expect(screen.getByText('Wystarczy na 5 pierwszych wiadomości.')).toBeVisible();
  });

  it('names no message count when the credits pay for none, and nothing on a site without them', async () => {
    useSettings({ signup_credits: 5, message_credits: 10 });
    const { unmount } = renderWithProviders(<SignupPageView />, { user: mockUnconfirmedUser });
    expect(await screen.findByText('Confirm your address and get 5 credits as a welcome gift')).toBeVisible();
    expect(screen.queryByText(/^Enough for/)).toBeNull();
    unmount();

    useSettings({ signup_credits: 0 });
    renderWithProviders(<SignupPageView />, { user: mockUnconfirmedUser });
    expect(await heading(/Check your inbox/)).toBeInTheDocument();
    expect(screen.queryByText(/welcome gift/)).toBeNull();
  });
});

describe('traffic source', () => {
  const stored = () => JSON.parse(Cookies.get('tracking') ?? 'null') as unknown;

  it('stores the entry URL’s source, checked, and keeps the first one', async () => {
    window.history.replaceState(null, '', `/?network=affnet&sub1=banner&ref=${'x'.repeat(200)}&other=1`);
    const { unmount } = renderWithProviders(<TrackingCapture />);
    await waitFor(() => expect(stored()).toEqual({ network: 'affnet', sub1: 'banner' }));
    unmount();

    window.history.replaceState(null, '', '/?network=later');
    renderWithProviders(<TrackingCapture />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored()).toEqual({ network: 'affnet', sub1: 'banner' });
  });
});

describe('traffic source, for a visitor who asks not to be tracked', () => {
  afterEach(() => {
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it('stores nothing, and the signup still names the source of the page it is on', async () => {
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true;
    window.history.replaceState(null, '', '/?network=affnet&sub1=banner');
    const { unmount } = renderWithProviders(<TrackingCapture />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Cookies.get('tracking') || null).toBeNull();
    unmount();

    let sent: unknown = null;
    server.use(
      http.post('*/api/signup.php', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ error: { code: 'signups_closed', message: 'closed' } }, { status: 403 });
      }),
    );
    useSettings({ signups: 'with_trafficsource' });
    renderWithProviders(<SignupPageView />, { user: null });
    await fillUpToPassword();
    await submitPassword();
    await waitFor(() => expect(sent).toMatchObject({ tracking: { network: 'affnet', sub1: 'banner' } }));
  });
});

describe('signup started', () => {
  it('is reported once per signup attempt, when the first step is answered, with the source', async () => {
    const beacons: { url: string; body: string }[] = [];
    const sendBeacon = vi.fn((url: string, data: Blob) => {
      void data.text().then((body) => beacons.push({ url, body }));
      return true;
    });
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    Cookies.set('tracking', JSON.stringify({ network: 'affnet' }), { path: '/' });
    try {
      renderWithProviders(<SignupPageView />, { user: null });
      expect(sendBeacon).not.toHaveBeenCalled();
      await user.click(await screen.findByRole('button', { name: 'I am a man' }));
      await heading(/Choose a username/);
      // Back to the first step and answering again is the same attempt.
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await user.click(await screen.findByRole('button', { name: 'I am a woman' }));
      await heading(/Choose a username/);
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      await waitFor(() =>
        expect(beacons).toEqual([
          {
            url: '/api/funnel.php',
            body: JSON.stringify({ kind: 'signup_started', tracking: { network: 'affnet' } }),
          },
        ]),
      );
    } finally {
      delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    }
  });
});

describe('signup modal', () => {
  const setDesktop = (isDesktop: boolean) => {
    window.matchMedia = (query: string) =>
      ({
        matches: isDesktop === query.includes('min-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
  };

  it('opens from signup links on desktop and cannot be dismissed once a signup is under way', async () => {
    setDesktop(true);
    renderWithProviders(
      <>
        <a href="/signup">Join now</a>
        <SignupModal />
      </>,
      { user: null },
    );
    await user.click(screen.getByRole('link', { name: 'Join now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up for free' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Join now' }));
    await user.click(await screen.findByRole('button', { name: 'I am a woman' }));
    await heading(/Choose a username/);
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('dialog', { name: 'Sign up for free' })).toBeInTheDocument();
    // The close button still works: leaving is a deliberate choice.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves signup links alone on smartphones', async () => {
    setDesktop(false);
    renderWithProviders(
      <>
        <a href="/signup" onClick={(event) => event.preventDefault()}>
          Join now
        </a>
        <SignupModal />
      </>,
      { user: null },
    );
    await user.click(screen.getByRole('link', { name: 'Join now' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
