'use client';

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Operator } from '@/lib/shared/schemas/operators';
import type { OperatorPasskeys, Passkey } from '@/lib/shared/schemas/passkeys';
import type { ApiClient } from './api-client';
import { ONCE, webauthn } from './passkeys';

/** The console's passkey calls, on the operator API's client. */
export const operatorPasskeyKeys = { list: ['operator', 'passkeys'] as const };

/**
 * Gives one of the operator's passkeys as the second factor: a challenge naming their passkeys,
 * the browser's dialog, then `POST /api/operator/second-factor.php?passkey=1`. Answers the operator
 * with the console open.
 */
export async function giveOperatorPasskey(api: ApiClient): Promise<Operator> {
  const { startAuthentication } = await webauthn();
  const start = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    'passkey-challenge.php',
    undefined,
    ONCE,
  );
  const response = await startAuthentication({ optionsJSON: start.data.options });
  return (await api.post<Operator>('second-factor.php?passkey=1', { response }, ONCE)).data;
}

/** Makes a passkey for the console and stores it; answers the passkeys with the new one. */
export async function addOperatorPasskey(api: ApiClient): Promise<OperatorPasskeys & { added: Passkey }> {
  const { startRegistration } = await webauthn();
  const start = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    'passkey-registration.php',
    undefined,
    ONCE,
  );
  const response = await startRegistration({ optionsJSON: start.data.options });
  return (await api.post<OperatorPasskeys & { added: Passkey }>('passkeys.php', { response }, ONCE)).data;
}
