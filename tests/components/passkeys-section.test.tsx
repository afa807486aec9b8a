import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PasskeysSection } from '@/components/account/passkeys-section';
import { MOCK_PASSWORD } from '@/lib/api/mocks/auth-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import {
  createMockPasskeyState,
  createPasskeyHandlers,
  type MockPasskeyState,
} from '@/lib/api/mocks/passkey-handlers';
import { renderWithProviders } from '../helpers/render';

let state: MockPasskeyState = createMockPasskeyState();
const server = setupServer(...createPasskeyHandlers(state));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockPasskeyState();
  server.resetHandlers(...createPasskeyHandlers(state));
});
afterAll(() => server.close());

const section = () => screen.getByRole('region', { name: 'Passkeys' });

describe('Settings › Passkeys', () => {
  it('lists each passkey with when it was added and last used, and which are synced', async () => {
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('iCloud Keychain');
    expect(rows[0]).toHaveTextContent('Synced');
    expect(rows[0]).toHaveTextContent('Added Mar 2, 2026');
    expect(rows[0]).toHaveTextContent('Last used Mar 20, 2026, 7:45 PM');
    expect(rows[1]).toHaveTextContent('Chrome on Windows');
    expect(rows[1]).toHaveTextContent('Not used yet');
    expect(rows[1]).not.toHaveTextContent('Synced');
  });

  it('says when this browser cannot make passkeys, instead of offering a button that fails', async () => {
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    expect(await within(section()).findByText(/This browser cannot make passkeys/)).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('shows an empty state when the member has none', async () => {
    state.passkeys = [];
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    expect(await within(section()).findByText('No passkeys yet')).toBeInTheDocument();
  });

  it('renames a passkey in place; an empty name is refused before anything is sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    await user.click(await screen.findByRole('button', { name: 'Rename Chrome on Windows' }));
    const field = screen.getByRole('textbox', { name: 'Name of the passkey' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the passkey a name.')).toBeInTheDocument();
    await user.type(field, 'Office PC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Office PC');
    expect(state.passkeys[1]?.name).toBe('Office PC');
  });

  it('asks before removing, then for the password when the sign-in is not recent, then removes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    await user.click(await screen.findByRole('button', { name: 'Remove iCloud Keychain' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(ask).toHaveTextContent('“iCloud Keychain” can then no longer be used to sign in.');
    await user.click(within(ask).getByRole('button', { name: 'Remove passkey' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(confirm).getByLabelText('Password'), 'not the password');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Please check your password.')).toBeInTheDocument();
    expect(state.removed).toEqual([]);

    const password = within(confirm).getByLabelText('Password');
    await user.clear(password);
    await user.type(password, MOCK_PASSWORD);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Passkey removed.')).toBeInTheDocument();
    expect(state.removed).toEqual([1]);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Your passkeys' })).not.toHaveTextContent('iCloud Keychain'),
    );
  });

  it('removes at once after a recent sign-in', async () => {
    state.confirmedUntil = new Date(Date.now() + 5 * 60_000).toISOString();
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection />, { user: mockUser });
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Windows' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey removed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument();
    expect(state.removed).toEqual([2]);
  });
});
