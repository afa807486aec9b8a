import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { SignupPageView } from '@/components/auth/signup-page-view';
import {
  createAuthHandlers,
  createMockAuthState,
  MOCK_EMAILS,
  mockUnconfirmedUser,
  type MockAuthState,
} from '@/lib/api/mocks/auth-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { signupNextPath } from '@/lib/shared/signup-next';
import { renderWithProviders } from '../helpers/render';

// The `next` query of /signup: a member landing sends phones to `/signup?next=/members/12/chat`, and
// the new member goes on to that member, not to the signup matches. Only a member's page or chat of
// this site is taken.

let auth: MockAuthState = createMockAuthState();
let user: UserEvent = userEvent.setup();
const handlers = () => [...createAuthHandlers(auth), ...createHandlers(() => 'visitor')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  auth = createMockAuthState();
  user = userEvent.setup({ delay: null });
  server.resetHandlers(...handlers());
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});
afterAll(() => server.close());

async function fillUpToPassword(email: string) {
  await user.click(await screen.findByRole('button', { name: 'I am a woman' }));
  await user.type(screen.getByLabelText('Username'), 'Robin');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.selectOptions(screen.getByLabelText('Day'), '15');
  await user.selectOptions(screen.getByLabelText('Month'), '06');
  await user.selectOptions(screen.getByLabelText('Year'), '1990');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByLabelText('Password'), 'velvet-lantern-42');
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('signup with a member to go on to', () => {
  it('after signing up, offers the chat with the member the landing was about', async () => {
    server.use(
      http.post('*/api/signup.php', () => {
        auth.user = mockUnconfirmedUser;
        return HttpResponse.json({ user: mockUnconfirmedUser }, { status: 201 });
      }),
    );
    renderWithProviders(<SignupPageView next="/members/12/chat" />, { user: null });
    await fillUpToPassword('robin@example.com');

    await screen.findByRole('heading', { name: /Check your inbox/ });
    expect(screen.getByRole('link', { name: 'Write your first message' })).toHaveAttribute(
      'href',
      '/members/12/chat',
    );
    expect(screen.queryByRole('link', { name: 'See who fits you' })).toBeNull();
  });

  it('offers the member’s page for a page path', async () => {
    renderWithProviders(<SignupPageView next="/members/12" />, { user: mockUnconfirmedUser });
    expect(await screen.findByRole('link', { name: 'Go to the profile' })).toHaveAttribute(
      'href',
      '/members/12',
    );
  });

  it.each([
    '//evil.example',
    '/members/1/../../x',
    'https://evil.example/members/1',
    '/\\evil.example',
    '/members/12/chat?x=1',
    '/members/0',
    '/members/99999999999',
    '/chats',
    '',
  ])('ignores %j and offers the signup matches', async (next) => {
    renderWithProviders(<SignupPageView next={next} />, { user: mockUnconfirmedUser });
    expect(await screen.findByRole('link', { name: 'See who fits you' })).toHaveAttribute(
      'href',
      '/signup-matches',
    );
    expect(screen.queryByRole('link', { name: /Write your first message|Go to the profile/ })).toBeNull();
  });

  it('keeps the member when the address has an account already: logging in leads there', async () => {
    renderWithProviders(<SignupPageView next="/members/12/chat" />, { user: null });
    await fillUpToPassword(MOCK_EMAILS.member);
    expect(await screen.findByRole('link', { name: 'Log in with this address' })).toHaveAttribute(
      'href',
      '/login?redirect=/members/12/chat',
    );
  });

  it('sends a member who is logged in already on to the member', async () => {
    renderWithProviders(<SignupPageView next="/members/12" />, { user: mockUser });
    expect(await screen.findByRole('link', { name: 'Continue to the members' })).toHaveAttribute(
      'href',
      '/members/12',
    );
  });
});

describe('signupNextPath', () => {
  it('takes a member’s page or chat only', () => {
    expect(signupNextPath('/members/12')).toBe('/members/12');
    expect(signupNextPath('/members/2147483647/chat')).toBe('/members/2147483647/chat');
    for (const value of [
      '/members/2147483648',
      '/members/12/',
      '/members/12/chat/x',
      '/members/%31',
      null,
      12,
    ])
      expect(signupNextPath(value), String(value)).toBeNull();
  });
});
