import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { SettingsView } from '@/components/account/settings-view';
import { PrivacySettings } from '@/components/settings-privacy/privacy-settings';
import { createAccountHandlers } from '@/lib/api/mocks/account-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createComplaintHandlers } from '@/lib/api/mocks/complaint-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMockProfileState,
  createProfileHandlers,
  type MockProfileState,
} from '@/lib/api/mocks/profile-handlers';
import { renderWithProviders } from '../helpers/render';

let state: MockProfileState = createMockProfileState();
const handlers = () => [
  ...createProfileHandlers(state),
  ...createAccountHandlers(),
  ...createHandlers(() => 'member'),
  ...createComplaintHandlers(),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockProfileState();
  state.blocked = [
    {
      id: 502,
      name: 'Sasha',
      blocked_at: '2025-04-11T09:30:00.000Z',
      main_image: { filename: 'photos/77.jpg', thumb_filename: 'photos/77-thumb.jpg', status: 'active' },
    },
    { id: 501, name: 'Morgan', blocked_at: '2025-03-02T10:00:00.000Z', main_image: null },
  ];
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const privacy = () => screen.getByRole('region', { name: 'Privacy' });
/** Waits until one of the section's live status regions tells `text`. */
const expectStatus = (text: string) =>
  waitFor(() =>
    expect(
      within(privacy())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain(text),
  );
const blockedList = () => within(privacy()).getByRole('list', { name: 'Blocked members' });

describe('privacy settings', () => {
  it('is a section of the settings page that /settings#privacy leads to', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    expect(privacy()).toHaveAttribute('id', 'privacy');
    expect(await within(privacy()).findByRole('switch', { name: 'Invisible mode' })).toBeInTheDocument();
  });

  it('switches invisible mode on and off, saving each change', async () => {
    renderWithProviders(<PrivacySettings />, { user: mockUser });
    const toggle = within(privacy()).getByRole('switch', { name: 'Invisible mode' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/you do not appear in search results/);

    await userEvent.click(toggle);
    await expectStatus('Invisible mode is on: other members no longer find you.');
    expect(toggle).toBeChecked();
    expect(state.profile.invisible).toBe(true);

    await userEvent.click(toggle);
    await expectStatus('Invisible mode is off: other members can find you again.');
    expect(toggle).not.toBeChecked();
    expect(state.updates).toEqual([{ invisible: true }, { invisible: false }]);
  });

  it('shows the switch as it was when saving fails', async () => {
    server.use(
      http.put('*/api/profile.php', () =>
        apiError('forbidden', { message: 'You do not have access to this.' }),
      ),
    );
    renderWithProviders(<PrivacySettings />, { user: mockUser });
    const toggle = within(privacy()).getByRole('switch', { name: 'Invisible mode' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await within(privacy()).findByRole('alert')).toHaveTextContent('You do not have access to this.');
    expect(toggle).not.toBeChecked();
    expect(state.profile.invisible).toBe(false);
  });

  it('lists the blocked members, newest first, with when they were blocked', async () => {
    renderWithProviders(<PrivacySettings />, { user: mockUser });
    await within(privacy()).findByRole('list', { name: 'Blocked members' });
    const rows = within(blockedList()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sasha'),
      expect.stringContaining('Morgan'),
    ]);
    expect(rows[0]).toHaveTextContent('Blocked on Apr 11, 2025');
    expect(rows[0]?.querySelector('img')).toHaveAttribute('src', '/cdn/photos/77-thumb.jpg');
    expect(within(privacy()).getByRole('button', { name: 'Unblock Morgan' })).toBeInTheDocument();
  });

  it('unblocks a member: the row goes away, and the list ends empty', async () => {
    renderWithProviders(<PrivacySettings />, { user: mockUser });
    await userEvent.click(await within(privacy()).findByRole('button', { name: 'Unblock Morgan' }));
    await expectStatus('Morgan has been unblocked.');
    expect(within(blockedList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(privacy()).queryByRole('button', { name: 'Unblock Morgan' })).not.toBeInTheDocument();
    expect(state.blocked.map((member) => member.id)).toEqual([502]);
    expect(within(privacy()).getByRole('heading', { name: 'Blocked members' })).toHaveFocus();

    await userEvent.click(within(privacy()).getByRole('button', { name: 'Unblock Sasha' }));
    expect(await within(privacy()).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(within(privacy()).queryByRole('list')).not.toBeInTheDocument();
    expect(state.blocked).toEqual([]);
  });

  it('says so when nobody is blocked', async () => {
    state.blocked = [];
    renderWithProviders(<PrivacySettings />, { user: mockUser });
    expect(await within(privacy()).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(within(privacy()).queryByRole('button', { name: /^Unblock/ })).not.toBeInTheDocument();
  });
});
