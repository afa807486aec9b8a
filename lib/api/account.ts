import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type {
  AccountDeletionSchema,
  ChangePasswordSchema,
  MailChangeConfirmSchema,
  MailChangeSchema,
} from '@/lib/shared/schemas/auth';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { accountKeys } from './keys';

export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
export type MailChangeInput = z.infer<typeof MailChangeSchema>;
export type MailChangeConfirmInput = z.infer<typeof MailChangeConfirmSchema>;
export type AccountDeletionInput = z.infer<typeof AccountDeletionSchema>;

/**
 * Like the auth calls, the account calls are retried after network failures only: a 429 means
 * "stop", and each retry of a wrong password counts against the limits.
 */
const NO_RETRY_ON_LIMIT: AxiosRequestConfig = {
  'axios-retry': {
    retryCondition: (error: AxiosError) => !error.response && error.code !== 'ECONNABORTED',
  },
};

/** `POST /api/password.php`: change the password; the member's other sessions end. */
export const changePasswordMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: accountKeys.changePassword,
    mutationFn: async (input: ChangePasswordInput) => {
      await api.post('password.php', input, NO_RETRY_ON_LIMIT);
    },
  });

/** `POST /api/mail-change.php`: mail a confirmation link to the new address. */
export const mailChangeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: accountKeys.mailChange,
    mutationFn: async (input: MailChangeInput) => {
      await api.post('mail-change.php', input, NO_RETRY_ON_LIMIT);
    },
  });

/** `POST /api/mail-change-do.php`: confirm the new address with the mailed link's token. */
export const mailChangeConfirmMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: accountKeys.mailChangeConfirm,
    mutationFn: async (input: MailChangeConfirmInput) => {
      await api.post('mail-change-do.php', input, NO_RETRY_ON_LIMIT);
    },
  });

/** `POST /api/account-deletion.php`: delete the account; the server ends the session. */
export const accountDeletionMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: accountKeys.deletion,
    mutationFn: async (input: AccountDeletionInput) => {
      await api.post('account-deletion.php', input, NO_RETRY_ON_LIMIT);
    },
  });

export const useChangePassword = () => useMutation(changePasswordMutation(useApi()));
export const useMailChange = () => useMutation(mailChangeMutation(useApi()));
export const useMailChangeConfirm = () => useMutation(mailChangeConfirmMutation(useApi()));

/** Deletes the account; from then on every component sees a visitor. */
export function useAccountDeletion() {
  const updates = useCacheUpdates();
  return useMutation({ ...accountDeletionMutation(useApi()), onSuccess: () => updates.loggedOut() });
}
