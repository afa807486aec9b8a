import { z } from 'zod';
import { PASSKEY_NAME_LENGTH } from '../values/passkeys';
import { RowIdSchema } from './ids';

export * from '../values/passkeys';

/** A WebAuthn binary value as the browser sends it: base64url without padding. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'not base64url');

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);

/** Extension results the app reads (none it relies on); others are dropped. */
const clientExtensionResults = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/**
 * What the browser answers `navigator.credentials.create()` with, as @simplewebauthn/browser sends
 * it: a new credential and its attestation.
 */
export const RegistrationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(30_000),
    authenticatorData: base64url(30_000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().min(-65_536).max(65_535).optional(),
    publicKey: base64url(4_000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** What the browser answers `navigator.credentials.get()` with: a signed assertion. */
export const AuthenticationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

/** `POST /api/user.php?passkey=1`: log in with a passkey. */
export const PasskeyLoginSchema = z.object({ response: AuthenticationResponseSchema }).strict();

/** `POST /api/passkeys.php`: the new passkey, as the browser made it. */
export const PasskeyRegistrationSchema = z.object({ response: RegistrationResponseSchema }).strict();

/** A passkey's name as the member types it: trimmed, no control characters. */
export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(PASSKEY_NAME_LENGTH.min)
  .max(PASSKEY_NAME_LENGTH.max)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'no control characters');

/**
 * The id of one of the caller's own passkeys. The route registry's tests find routes by this schema:
 * another member's passkey must get the same answer as one that does not exist.
 */
export const PasskeyIdSchema = RowIdSchema.meta({ description: 'The id of one of the caller’s passkeys' });

/** `PUT /api/passkeys.php`: rename one of the member's passkeys. */
export const PasskeyRenameSchema = z.object({ id: PasskeyIdSchema, name: PasskeyNameSchema }).strict();

/** `DELETE /api/passkeys.php`: remove one of the member's passkeys. */
export const PasskeyRemovalSchema = z.object({ id: PasskeyIdSchema }).strict();

/**
 * `POST /api/reauthentication.php`: the member proves it is them before a sensitive change, with the
 * password or with one of their passkeys.
 */
export const ReauthenticationSchema = z.union([
  z.object({ password: z.string().min(1).max(512) }).strict(),
  z.object({ response: AuthenticationResponseSchema }).strict(),
]);

/**
 * Options for `navigator.credentials.create()` or `.get()`, as @simplewebauthn/server makes them:
 * the browser passes them on to @simplewebauthn/browser unchanged.
 */
export const PasskeyOptionsSchema = z.object({
  options: z
    .object({ challenge: z.string(), timeout: z.number().optional() })
    .meta({ description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON' }),
});

/** One passkey as its owner sees it (never its key). */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether a password manager keeps a copy (synced to the owner's other devices). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** `GET /api/passkeys.php`: the member's passkeys, and whether they may change them now. */
export const PasskeysSchema = z.object({
  passkeys: z.array(PasskeySchema),
  /**
   * Until when this session counts as recently signed in (adding and removing need it); null when
   * the member must confirm it is them first.
   */
  confirmed_until: z.string().nullable(),
  /** Whether the account has a password (today every account does; see README "Passkeys"). */
  has_password: z.boolean(),
});
export type Passkeys = z.infer<typeof PasskeysSchema>;

/** `POST /api/passkeys.php`: the list after adding, and which one is new. */
export const AddedPasskeySchema = PasskeysSchema.extend({ added: PasskeySchema });
export type AddedPasskey = z.infer<typeof AddedPasskeySchema>;

/** An operator's passkeys in the console, and whether the session may add one now. */
export const OperatorPasskeysSchema = z.object({
  passkeys: z.array(PasskeySchema),
  /** Adding needs a login whose second factor was the authenticator app, within the last minutes. */
  can_add: z.boolean(),
});
export type OperatorPasskeys = z.infer<typeof OperatorPasskeysSchema>;

/** `POST /api/operator/passkeys.php`: the list after adding, and which one is new. */
export const AddedOperatorPasskeySchema = OperatorPasskeysSchema.extend({ added: PasskeySchema });

/** `DELETE /api/operator/passkeys.php`. */
export const OperatorPasskeyRemovalSchema = PasskeyRemovalSchema;
