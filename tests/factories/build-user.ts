import type { User } from '@/lib/shared/schemas/user';

export type UserOverrides = Partial<Omit<User, 'profile'>> & { profile?: Partial<User['profile']> };

/**
 * The logged-in member as `GET /api/user.php` returns it: by default a confirmed, paying member
 * (Quinn) with an active profile. For the mocked API and component tests.
 */
export function buildUser(overrides: UserOverrides = {}): User {
  const { profile, ...rest } = overrides;
  return {
    status: 'confirmed',
    credits: 4,
    paid_user: true,
    fictional_icon: false,
    language: 'en',
    notifications_disabled: [],
    email_notifications_stopped: null,
    push_offer_dismissed_at: null,
    ...rest,
    profile: { status: 'active', name: 'Quinn', country: 'NL', main_image: null, ...profile },
  };
}

/** A member just after signup: e-mail not confirmed, profile not active yet, all mails on. */
export function buildUnconfirmedUser(overrides: UserOverrides = {}): User {
  const { profile, ...rest } = overrides;
  return buildUser({
    status: 'not_confirmed',
    credits: 0,
    paid_user: false,
    ...rest,
    profile: { status: 'disabled', name: 'Robin', ...profile },
  });
}
