import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { AuthenticationResponse, RegistrationResponse } from '@/lib/shared/schemas/passkeys';
import { AppError } from '../errors';
import { CHALLENGE_SECONDS } from './passkey-challenges';

/** Who a passkey is made for and used with: the site as the browser sees it (see api/relying-party.ts). */
export interface RelyingParty {
  /** The domain the passkey belongs to (WebAuthn's RP ID): each site domain is its own. */
  id: string;
  /** The exact origin the browser must report (`https://www.example.nl`, `http://localhost:3000`). */
  origin: string;
  /** What the browser and the password manager show as the site's name. */
  name: string;
}

/** A stored credential as verification needs it. */
export interface StoredCredential {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A credential just made and verified, as it is stored. */
export interface NewCredential extends StoredCredential {
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

/** The challenge taken for a ceremony (see takeChallenge): what the answer must match. */
export interface TakenChallenge {
  challenge: string;
  rpId: string;
  origin: string;
}

/**
 * Whether the passkey replaces the password (a member's sign-in: the authenticator must verify the
 * person, by fingerprint, face or PIN, and the passkey must be discoverable so no address need be
 * typed) or comes after it (an operator's second factor: being present is enough).
 */
export type PasskeyRole = 'passwordless' | 'second-factor';

/** The options for `navigator.credentials.create()`. */
export function registrationOptions(options: {
  rp: RelyingParty;
  role: PasskeyRole;
  userName: string;
  userDisplayName: string;
  /** The owner's opaque handle, base64url (members); operators get one from the library. */
  userHandle?: string;
  exclude: readonly StoredCredential[];
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const isPasswordless = options.role === 'passwordless';
  return generateRegistrationOptions({
    rpName: options.rp.name,
    rpID: options.rp.id,
    userName: options.userName,
    userDisplayName: options.userDisplayName,
    ...(options.userHandle ? { userID: new Uint8Array(Buffer.from(options.userHandle, 'base64url')) } : {}),
    timeout: CHALLENGE_SECONDS * 1_000,
    attestationType: 'none',
    excludeCredentials: options.exclude.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: isPasswordless
      ? { residentKey: 'required', userVerification: 'required' }
      : { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Verifies a new credential against the challenge, origin and relying party it was made for. Any
 * failure is `passkey_invalid` (the reason goes to the log).
 */
export async function verifyNewCredential(options: {
  response: RegistrationResponse;
  challenge: TakenChallenge;
  role: PasskeyRole;
}): Promise<NewCredential> {
  const { challenge } = options;
  const result = await verifyRegistrationResponse({
    response: options.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: challenge.origin,
    expectedRPID: challenge.rpId,
    requireUserVerification: options.role === 'passwordless',
  }).catch((error: unknown) => {
    throw invalid('registration', error);
  });
  if (!result.verified) throw invalid('registration', 'not verified');
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: options.response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}

/** The options for `navigator.credentials.get()`; no `allow` list lets the browser offer any passkey. */
export function authenticationOptions(options: {
  rp: RelyingParty;
  role: PasskeyRole;
  allow?: readonly StoredCredential[];
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: options.rp.id,
    timeout: CHALLENGE_SECONDS * 1_000,
    userVerification: options.role === 'passwordless' ? 'required' : 'preferred',
    ...(options.allow
      ? { allowCredentials: options.allow.map((c) => ({ id: c.credentialId, transports: c.transports })) }
      : {}),
  });
}

/**
 * Verifies a signed assertion with the stored credential: challenge, origin, relying party,
 * signature, the person verified (passwordless) and a counter that moved on (a lower or equal one,
 * where the authenticator counts, means a cloned authenticator and is refused). Answers what to
 * store: the new counter and the backup state, which may change over a passkey's life.
 */
export async function verifyAssertion(options: {
  response: AuthenticationResponse;
  challenge: TakenChallenge;
  credential: StoredCredential;
  role: PasskeyRole;
}): Promise<{ newCounter: number; backedUp: boolean; deviceType: string }> {
  const { challenge, credential } = options;
  const result = await verifyAuthenticationResponse({
    response: options.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: challenge.origin,
    expectedRPID: challenge.rpId,
    credential: {
      id: credential.credentialId,
      publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
      counter: credential.counter,
      transports: credential.transports,
    },
    requireUserVerification: options.role === 'passwordless',
  }).catch((error: unknown) => {
    throw invalid('assertion', error);
  });
  if (!result.verified) throw invalid('assertion', 'signature not verified');
  const info = result.authenticationInfo;
  return {
    newCounter: info.newCounter,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
  };
}

function invalid(what: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('passkey_invalid', { log: `passkey ${what} refused: ${reason}` });
}
