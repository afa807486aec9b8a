import { http, HttpResponse } from 'msw';
import {
  PasskeyRemovalSchema,
  PasskeyRenameSchema,
  type Passkey,
  type Passkeys,
} from '@/lib/shared/schemas/passkeys';
import { apiError } from './api-error';
import { MOCK_PASSWORD } from './auth-handlers';

/** What the mocked passkey endpoints remember between calls; tests may change it. */
export interface MockPasskeyState {
  passkeys: Passkey[];
  /** Until when the session counts as recently signed in (ISO), or null. */
  confirmedUntil: string | null;
  /** The removals the mocked API carried out, by id. */
  removed: number[];
}

export function createMockPasskeyState(overrides: Partial<MockPasskeyState> = {}): MockPasskeyState {
  return {
    passkeys: [
      {
        id: 1,
        name: 'iCloud Keychain',
        created_at: '2026-03-02T09:30:00.000Z',
        last_used_at: '2026-03-20T18:45:00.000Z',
        backed_up: true,
      },
      {
        id: 2,
        name: 'Chrome on Windows',
        created_at: '2026-03-10T12:00:00.000Z',
        last_used_at: null,
        backed_up: false,
      },
    ],
    confirmedUntil: null,
    removed: [],
    ...overrides,
  };
}

const listOf = (state: MockPasskeyState): Passkeys => ({
  passkeys: state.passkeys,
  confirmed_until: state.confirmedUntil,
  has_password: true,
});

/**
 * The passkey endpoints of the mocked API: the list, renaming, removing (which needs a recent
 * sign-in, given by `POST /api/reauthentication.php` with the mock password). Making a passkey needs
 * a real browser authenticator: the flows against the real app cover it.
 */
export function createPasskeyHandlers(state: MockPasskeyState = createMockPasskeyState()) {
  const isRecent = () =>
    state.confirmedUntil !== null && new Date(state.confirmedUntil).getTime() > Date.now();
  return [
    http.get('*/api/passkeys.php', () => HttpResponse.json(listOf(state))),
    http.put('*/api/passkeys.php', async ({ request }) => {
      const input = PasskeyRenameSchema.safeParse(await request.json());
      if (!input.success) return apiError('validation_failed');
      const passkey = state.passkeys.find((p) => p.id === input.data.id);
      if (!passkey) return apiError('not_found');
      passkey.name = input.data.name;
      return HttpResponse.json(listOf(state));
    }),
    http.delete('*/api/passkeys.php', async ({ request }) => {
      const input = PasskeyRemovalSchema.safeParse(await request.json());
      if (!input.success) return apiError('validation_failed');
      if (!isRecent()) return apiError('recent_sign_in_required');
      if (!state.passkeys.some((p) => p.id === input.data.id)) return apiError('not_found');
      state.passkeys = state.passkeys.filter((p) => p.id !== input.data.id);
      state.removed.push(input.data.id);
      return HttpResponse.json(listOf(state));
    }),
    http.post('*/api/reauthentication.php', async ({ request }) => {
      const body = (await request.json()) as { password?: unknown };
      if (body.password !== MOCK_PASSWORD) {
        return apiError('field_invalid', { field: 'password', messageKey: 'password_wrong' });
      }
      state.confirmedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
      return HttpResponse.json(listOf(state));
    }),
  ];
}
