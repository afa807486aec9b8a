import { http, HttpResponse } from 'msw';
import {
  checkDateOfBirth,
  checkEmail,
  checkPassword,
  checkUsername,
  MIN_AGE,
  PASSWORD_LENGTH,
  USERNAME_LENGTH,
  type FieldErrorCode,
} from '@/lib/shared/account-rules';
import {
  LoginSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignupSchema,
} from '@/lib/shared/schemas/auth';
import type { User } from '@/lib/shared/schemas/user';
import { buildUnconfirmedUser } from '@/tests/factories/build-user';
import { apiError } from './api-error';
import { mockUser } from './fixtures';

/** Accounts the mocked auth endpoints know; every one has the password {@link MOCK_PASSWORD}. */
export const MOCK_EMAILS = {
  /** Logs in as the paying `mockUser`. */
  member: 'member@example.test',
  /** Refused with 423 account_locked for {@link MOCK_LOCK_MINUTES} minutes. */
  locked: 'locked@example.test',
  /** Refused with 403 account_pending_deletion. */
  pendingDeletion: 'deleted@example.test',
  /** Known, but password reset mails are refused with 429 reset_limit. */
  resetLimit: 'limit@example.test',
} as const;
export const MOCK_PASSWORD = 'correct horse battery';
export const MOCK_LOCK_MINUTES = 15;
/** Tokens of the mocked mail links; any other token is expired or unknown. */
export const MOCK_TOKENS = { reset: 'mock-reset-token-0001', activation: 'mock-activation-token-1' } as const;
/** Activation mails a member may ask for before the mock answers 429. */
export const MOCK_ACTIVATION_MAIL_LIMIT = 3;

/** A member just after signup: e-mail not confirmed, profile not active yet, all mails on. */
export const mockUnconfirmedUser: User = buildUnconfirmedUser();

/** What the mocked auth endpoints remember between calls; tests may change it. */
export interface MockAuthState {
  /** The member logged in through these endpoints; null leaves GET user.php to the other handlers. */
  user: User | null;
  signupsClosed: boolean;
  activationMails: number;
  /** Addresses that own an account (signup answers 409 email_taken for them). */
  emails: Set<string>;
}

export function createMockAuthState(): MockAuthState {
  return {
    user: null,
    signupsClosed: false,
    activationMails: 0,
    emails: new Set(Object.values(MOCK_EMAILS)),
  };
}

const fieldValues: Partial<Record<FieldErrorCode, Record<string, number>>> = {
  username_length: { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max },
  password_too_short: { min: PASSWORD_LENGTH.min },
  password_too_long: { max: PASSWORD_LENGTH.max },
  date_of_birth_required: { min_age: MIN_AGE },
};

/** 422 field_invalid naming the field, with the text of the account rule that failed. */
const fieldInvalid = (field: string, code: FieldErrorCode) =>
  apiError('field_invalid', { field, messageKey: code, values: fieldValues[code] });

const invalidBody = () => apiError('validation_failed');

/**
 * The auth endpoints of the mocked API: log in, sign up, activation mail and link, password reset.
 * GET user.php and POST logout.php answer here only for a member who logged in or signed up through
 * them; otherwise the request goes on to the other handlers (the QA scenario).
 */
export function createAuthHandlers(state: MockAuthState = createMockAuthState()) {
  return [
    http.get('*/api/user.php', () => (state.user ? HttpResponse.json({ user: state.user }) : undefined)),

    http.post('*/api/logout.php', () => {
      state.user = null;
      return undefined;
    }),

    http.post('*/api/user.php', async ({ request }) => {
      const input = LoginSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const email = input.data.email.toLowerCase();
      if (email === MOCK_EMAILS.locked)
        return apiError('account_locked', { values: { minutes: MOCK_LOCK_MINUTES } });
      if (email === MOCK_EMAILS.pendingDeletion) return apiError('account_pending_deletion');
      if (email !== MOCK_EMAILS.member || input.data.password !== MOCK_PASSWORD)
        return apiError('login_failed');
      state.user = mockUser;
      return HttpResponse.json({ user: mockUser });
    }),

    http.post('*/api/signup.php', async ({ request }) => {
      if (state.signupsClosed) return apiError('signups_closed');
      const input = SignupSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const { email, name, date_of_birth, password } = input.data;
      const problems: [string, FieldErrorCode | null][] = [
        ['email', checkEmail(email)],
        ['name', checkUsername(name, email)],
        ['date_of_birth', checkDateOfBirth(date_of_birth)],
        ['password', checkPassword(password, email)],
      ];
      for (const [field, code] of problems) if (code) return fieldInvalid(field, code);
      if (state.emails.has(email.toLowerCase())) return apiError('email_taken', { field: 'email' });
      state.emails.add(email.toLowerCase());
      state.activationMails = 0;
      state.user = {
        ...mockUnconfirmedUser,
        language: input.data.language,
        profile: { ...mockUnconfirmedUser.profile, name },
      };
      return HttpResponse.json({ user: state.user }, { status: 201 });
    }),

    http.post('*/api/activation-mail.php', () => {
      if (!state.user) return apiError('authentication_required');
      state.activationMails += 1;
      if (state.activationMails > MOCK_ACTIVATION_MAIL_LIMIT)
        return apiError('rate_limited', { values: { seconds: 60 } });
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/api/activate.php', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      const isValid = token === MOCK_TOKENS.activation;
      if (isValid && state.user)
        state.user = {
          ...state.user,
          status: 'confirmed',
          profile: { ...state.user.profile, status: 'active' },
        };
      return new HttpResponse(null, {
        status: 302,
        headers: { Location: isValid ? '/activate/done' : '/activate/error' },
      });
    }),

    http.post('*/api/password-reset.php', async ({ request }) => {
      const input = PasswordResetRequestSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const email = input.data.email.toLowerCase();
      if (!state.emails.has(email)) return apiError('email_not_found');
      if (email === MOCK_EMAILS.resetLimit) return apiError('reset_limit');
      return new HttpResponse(null, { status: 204 });
    }),

    http.post('*/api/password-reset-do.php', async ({ request }) => {
      const input = PasswordResetSchema.safeParse(await request.json().catch(() => null));
      if (!input.success || input.data.token !== MOCK_TOKENS.reset) return apiError('link_invalid');
      if (input.data.password !== input.data.password_repeat)
        return fieldInvalid('password_repeat', 'passwords_differ');
      const code = checkPassword(input.data.password);
      if (code) return fieldInvalid('password', code);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
