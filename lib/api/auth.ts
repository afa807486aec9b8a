import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type {
  LoginSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignupInput,
} from '@/lib/shared/schemas/auth';
import type { User } from '@/lib/shared/schemas/user';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { authKeys } from './keys';

export type LoginInput = z.infer<typeof LoginSchema>;
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>;
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>;

/** A failed API call as the forms need it: the status, the API's code, its text and the field it names. */
export interface ApiFailure {
  status: number | null;
  code: string | null;
  /** Already in the visitor's language. */
  message: string | null;
  field: string | null;
}

/** Reads `{ error: { code, message, field? } }` from a failed call; nulls for a network failure. */
export function readApiFailure(error: unknown): ApiFailure {
  const response =
    error && typeof error === 'object' && 'response' in error
      ? (error as { response?: { status?: unknown; data?: unknown } }).response
      : undefined;
  const body = response?.data as
    { error?: { code?: unknown; message?: unknown; field?: unknown } } | undefined;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    status: typeof response?.status === 'number' ? response.status : null,
    code: text(body?.error?.code),
    message: text(body?.error?.message),
    field: text(body?.error?.field),
  };
}

/**
 * The auth calls are retried after network failures like every call, but not after a 429: the
 * limits on logins, reset mails and activation mails mean "stop", and retrying counts against them.
 * The swipe game's daily likes mean "tomorrow" the same way.
 */
export const NO_RETRY_ON_LIMIT: AxiosRequestConfig = {
  'axios-retry': {
    retryCondition: (error: AxiosError) => !error.response && error.code !== 'ECONNABORTED',
  },
};

/** `POST /api/user.php`: log in; the server sets the session cookie. */
export const loginMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: authKeys.login,
    mutationFn: async (input: LoginInput) =>
      (await api.post<{ user: User }>('user.php', input, NO_RETRY_ON_LIMIT)).data.user,
  });

/** `POST /api/signup.php`: create the account; the new member (not confirmed yet) is logged in. */
export const signupMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: authKeys.signup,
    mutationFn: async (input: SignupInput) =>
      (await api.post<{ user: User }>('signup.php', input, NO_RETRY_ON_LIMIT)).data.user,
  });

/** `POST /api/activation-mail.php`: send the logged-in member's confirmation mail again. */
export const activationMailMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: authKeys.activationMail,
    mutationFn: async () => {
      await api.post('activation-mail.php', {}, NO_RETRY_ON_LIMIT);
    },
  });

/** `POST /api/password-reset.php`: mail a link to choose a new password. */
export const passwordResetRequestMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: authKeys.passwordResetRequest,
    mutationFn: async (input: PasswordResetRequestInput) => {
      await api.post('password-reset.php', input, NO_RETRY_ON_LIMIT);
    },
  });

/** `POST /api/password-reset-do.php`: set the new password with the link's token. */
export const passwordResetMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: authKeys.passwordReset,
    mutationFn: async (input: PasswordResetInput) => {
      await api.post('password-reset-do.php', input, NO_RETRY_ON_LIMIT);
    },
  });

/** Logs in and makes the member known to every component at once. */
export function useLogin() {
  const updates = useCacheUpdates();
  return useMutation({ ...loginMutation(useApi()), onSuccess: (user) => updates.loggedIn(user) });
}

/** Signs up; the new member is logged in from then on. */
export function useSignup() {
  const updates = useCacheUpdates();
  return useMutation({ ...signupMutation(useApi()), onSuccess: (user) => updates.loggedIn(user) });
}

export const useActivationMail = () => useMutation(activationMailMutation(useApi()));
export const usePasswordResetRequest = () => useMutation(passwordResetRequestMutation(useApi()));
export const usePasswordReset = () => useMutation(passwordResetMutation(useApi()));
