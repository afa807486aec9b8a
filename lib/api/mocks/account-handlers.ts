import { http, HttpResponse } from 'msw';
import { checkEmail, checkPassword, PASSWORD_LENGTH, type FieldErrorCode } from '@/lib/shared/account-rules';
import {
  AccountDeletionSchema,
  ChangePasswordSchema,
  MailChangeConfirmSchema,
  MailChangeSchema,
} from '@/lib/shared/schemas/auth';
import { apiError } from './api-error';
import { MOCK_EMAILS, MOCK_PASSWORD } from './auth-handlers';

/** Tokens of the mocked mail-change links; any other token is expired or unknown. */
export const MOCK_MAIL_CHANGE_TOKENS = {
  /** Changes the address. */
  valid: 'mock-mail-change-token-01',
  /** The new address got an account in the meantime: 409 email_taken. */
  taken: 'mock-mail-change-taken-01',
} as const;

/** What the mocked account endpoints remember between calls; tests may change it. */
export interface MockAccountState {
  isLoggedIn: boolean;
  password: string;
  /** Addresses that own an account (a mail change to one of them answers 409 email_taken). */
  emails: Set<string>;
  /** The address a confirmation link was last sent to. */
  pendingEmail: string | null;
  /** The last deletion, with its reason and comment. */
  deletion: { reason: string; comment?: string } | null;
}

export function createMockAccountState(): MockAccountState {
  return {
    isLoggedIn: true,
    password: MOCK_PASSWORD,
    emails: new Set(Object.values(MOCK_EMAILS)),
    pendingEmail: null,
    deletion: null,
  };
}

/** 422 field_invalid naming the field, with the text of the account rule that failed. */
const fieldInvalid = (field: string, code: FieldErrorCode | 'old_password_wrong' | 'new_email_invalid') =>
  apiError('field_invalid', {
    field,
    messageKey: code,
    values: { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max },
  });

const done = () => new HttpResponse(null, { status: 204 });
const invalidBody = () => apiError('validation_failed');
const notLoggedIn = () => apiError('authentication_required');

/**
 * The account endpoints of the mocked API: change password, change e-mail (request and link) and
 * delete the account. A deletion logs the member out, like the real session cookie being cleared.
 */
export function createAccountHandlers(state: MockAccountState = createMockAccountState()) {
  return [
    http.post('*/api/password.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = ChangePasswordSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      if (input.data.old_password !== state.password)
        return fieldInvalid('old_password', 'old_password_wrong');
      const code = checkPassword(input.data.new_password);
      if (code) return fieldInvalid('new_password', code);
      state.password = input.data.new_password;
      return done();
    }),

    http.post('*/api/mail-change.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = MailChangeSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const email = input.data.new_email.trim().toLowerCase();
      if (checkEmail(email)) return fieldInvalid('new_email', 'new_email_invalid');
      if (input.data.password !== state.password) return fieldInvalid('password', 'old_password_wrong');
      if (state.emails.has(email)) return apiError('email_taken', { field: 'new_email' });
      state.pendingEmail = email;
      return done();
    }),

    http.post('*/api/mail-change-do.php', async ({ request }) => {
      const input = MailChangeConfirmSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return apiError('link_invalid');
      if (input.data.token === MOCK_MAIL_CHANGE_TOKENS.taken) return apiError('email_taken');
      if (input.data.token !== MOCK_MAIL_CHANGE_TOKENS.valid) return apiError('link_invalid');
      return done();
    }),

    http.post('*/api/account-deletion.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = AccountDeletionSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      if (input.data.password !== state.password) return fieldInvalid('password', 'old_password_wrong');
      state.isLoggedIn = false;
      state.deletion = { reason: input.data.reason, comment: input.data.comment };
      return done();
    }),
  ];
}
