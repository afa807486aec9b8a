'use client';

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AddedPasskey, Passkeys } from '@/lib/shared/schemas/passkeys';
import type { User } from '@/lib/shared/schemas/user';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { readApiFailure } from './auth';
import { useCacheUpdates } from './cache-updates';
import { passkeyKeys } from './keys';

/**
 * A passkey ceremony's calls are never repeated on their own: each challenge is taken once, so a
 * repeated answer can only fail, and a 429 means "stop".
 */
export const ONCE: AxiosRequestConfig = { 'axios-retry': { retries: 0 } };

/** @simplewebauthn/browser, loaded with the first ceremony rather than with every page. */
export const webauthn = () => import('@simplewebauthn/browser');

/**
 * Whether a page's host is an IP address (`192.0.2.7`, `[::1]`): browsers take no IP address as a
 * passkey's site, so there the passkey offers stay away instead of failing when used.
 */
export function isIpHost(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}

/** Whether this browser can use passkeys at all (a secure context on a site's domain, not an IP). */
export async function canUsePasskeys(): Promise<boolean> {
  if (typeof window === 'undefined' || !window.isSecureContext) return false;
  if (isIpHost(window.location.hostname)) return false;
  return (await webauthn()).browserSupportsWebAuthn();
}

/** Whether this browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function canAutofillPasskeys(): Promise<boolean> {
  if (!(await canUsePasskeys())) return false;
  return (await webauthn()).browserSupportsWebAuthnAutofill();
}

/** Ends the browser's passkey dialog or autofill request that is waiting, if any. */
export async function cancelPasskeyCeremony(): Promise<void> {
  (await webauthn()).WebAuthnAbortService.cancelCeremony();
}

/**
 * How a passkey ceremony ended in the browser, when it was the browser that ended it: `aborted` by
 * the page itself (another ceremony started), `cancelled` by the person (or timed out),
 * `already-registered` (this device holds a passkey for the account), `unsupported`, or `failed`.
 * Null for anything else (the API's answers: read them with readApiFailure).
 */
export type CeremonyFailure = 'aborted' | 'cancelled' | 'already-registered' | 'unsupported' | 'failed';

export function ceremonyFailure(error: unknown): CeremonyFailure | null {
  if (readApiFailure(error).status !== null) return null;
  if (!(error instanceof Error)) return 'failed';
  const code = 'code' in error ? String(error.code) : '';
  const cause = error.cause instanceof Error ? error.cause.name : '';
  if (code === 'ERROR_CEREMONY_ABORTED') return 'aborted';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError') {
    return 'already-registered';
  }
  if (cause === 'NotAllowedError' || error.name === 'NotAllowedError' || cause === 'AbortError') {
    return 'cancelled';
  }
  if (/not supported/i.test(error.message)) return 'unsupported';
  // A network failure of the API call itself: not the browser's doing.
  if ('isAxiosError' in error) return null;
  return 'failed';
}

/**
 * After the server did not know the passkey the browser offered (removed, or another site's), the
 * browser is told, so it stops offering it where it supports that.
 */
async function forgetUnknownPasskey(error: unknown, rpId: string | undefined, credentialId: string) {
  if (readApiFailure(error).code !== 'passkey_unknown' || !rpId) return;
  await (
    await webauthn()
  )
    .sendSignal({ signalName: 'unknownCredential', rpID: rpId, credentialID: credentialId })
    .catch(() => undefined);
}

/**
 * Signs in with a passkey: a challenge of this site, the browser's passkey dialog (or, with
 * `isAutofill`, the e-mail field's autofill, which waits until the person picks a passkey there),
 * then `POST /api/user.php?passkey=1`. Answers the member. `onPicked` is called once the person
 * picked a passkey: failures before it concern the page, not what the person did.
 */
export async function signInWithPasskey(
  api: ApiClient,
  options: { isAutofill: boolean; onPicked?: () => void },
): Promise<User> {
  const { startAuthentication } = await webauthn();
  const start = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    'passkey-challenge.php',
    undefined,
    ONCE,
  );
  const response = await startAuthentication({
    optionsJSON: start.data.options,
    useBrowserAutofill: options.isAutofill,
  });
  options.onPicked?.();
  try {
    return (await api.post<{ user: User }>('user.php?passkey=1', { response }, ONCE)).data.user;
  } catch (error) {
    await forgetUnknownPasskey(error, start.data.options.rpId, response.id);
    throw error;
  }
}

/** `GET /api/passkeys.php`: the member's passkeys and until when they may change them. */
export const passkeysQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: passkeyKeys.list,
    queryFn: async () => (await api.get<Passkeys>('passkeys.php')).data,
  });

export const usePasskeys = () => useQuery(passkeysQuery(useApi()));

/** Logs in with a passkey and makes the member known to every component at once. */
export function usePasskeyLogin() {
  const api = useApi();
  const updates = useCacheUpdates();
  return useMutation({
    mutationKey: passkeyKeys.login,
    mutationFn: (options: { isAutofill: boolean }) => signInWithPasskey(api, options),
    onSuccess: (user) => updates.loggedIn(user),
  });
}

/**
 * Adds a passkey: the options (`POST /api/passkey-registration.php`), the browser makes the passkey,
 * then `POST /api/passkeys.php` stores it. The list in the cache is the server's answer.
 */
export function useAddPasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: passkeyKeys.add,
    mutationFn: async () => {
      const { startRegistration } = await webauthn();
      const start = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        'passkey-registration.php',
        undefined,
        ONCE,
      );
      const response = await startRegistration({ optionsJSON: start.data.options });
      return (await api.post<AddedPasskey>('passkeys.php', { response }, ONCE)).data;
    },
    onSuccess: ({ added: _added, ...list }) => queryClient.setQueryData(passkeyKeys.list, list),
  });
}

/** `PUT /api/passkeys.php`: renames a passkey. */
export function useRenamePasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: passkeyKeys.rename,
    mutationFn: async (input: { id: number; name: string }) =>
      (await api.put<Passkeys>('passkeys.php', input, ONCE)).data,
    onSuccess: (list) => queryClient.setQueryData(passkeyKeys.list, list),
  });
}

/** `DELETE /api/passkeys.php`: removes a passkey (needs a recent sign-in). */
export function useRemovePasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: passkeyKeys.remove,
    mutationFn: async (id: number) =>
      (await api.delete<Passkeys>('passkeys.php', { ...ONCE, data: { id } })).data,
    onSuccess: (list) => queryClient.setQueryData(passkeyKeys.list, list),
  });
}

/**
 * Confirms it is the member before a change of their passkeys: with the password, or with one of
 * their passkeys (`POST /api/reauthentication-challenge.php`, the browser's dialog, then the answer).
 */
export function useConfirmSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: passkeyKeys.confirm,
    mutationFn: async (proof: { password: string } | { passkey: true }) => {
      if ('password' in proof) {
        return (await api.post<Passkeys>('reauthentication.php', { password: proof.password }, ONCE)).data;
      }
      const { startAuthentication } = await webauthn();
      const start = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        'reauthentication-challenge.php',
        undefined,
        ONCE,
      );
      const response = await startAuthentication({ optionsJSON: start.data.options });
      return (await api.post<Passkeys>('reauthentication.php', { response }, ONCE)).data;
    },
    onSuccess: (list) => queryClient.setQueryData(passkeyKeys.list, list),
  });
}
