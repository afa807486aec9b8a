import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { operators } from './operators';

/**
 * What a WebAuthn challenge was issued for: a member's sign-in, adding a passkey, a member
 * confirming who they are before a sensitive change, and an operator adding a passkey or giving it
 * as the console's second factor.
 */
export const passkeyChallengePurpose = pgEnum('passkey_challenge_purpose', [
  'sign_in',
  'register',
  'confirm',
  'operator_register',
  'operator_second_factor',
]);
export type PasskeyChallengePurpose = (typeof passkeyChallengePurpose.enumValues)[number];

/**
 * The columns every stored credential has, members' and operators' alike: what the WebAuthn
 * library needs to verify a later sign-in (public key, counter), what it advises to keep (device
 * type, backup state) and what the owner sees (name, when added and last used).
 */
const credentialColumns = () => ({
  id: serial('id').primaryKey(),
  /** The credential's id as the authenticator made it, base64url. */
  credentialId: text('credential_id').notNull(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  /** The signature counter last seen; a lower one later means a cloned authenticator. */
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`, …). */
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  /** `singleDevice` or `multiDevice` (synced by a password manager). */
  deviceType: text('device_type').notNull(),
  /** Whether a multi-device credential is backed up; updated at every use. */
  backedUp: boolean('backed_up').notNull().default(false),
  /** The authenticator model's AAGUID (all zeros when the authenticator does not say). */
  aaguid: text('aaguid').notNull(),
  /** The relying party (site domain) it was made for: it signs in there only. */
  rpId: text('rp_id').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Members' passkeys: sign-in without a password. Removed when the account's data is purged. */
export const passkeys = pgTable(
  'passkeys',
  {
    ...credentialColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** Operators' passkeys: a second factor of the console besides the authenticator app. */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    ...credentialColumns(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('operator_passkeys_credential_key').on(t.credentialId),
    index('operator_passkeys_operator_idx').on(t.operatorId),
  ],
);

/**
 * Challenges handed to a browser for one WebAuthn ceremony: taken once (deleted as they are used)
 * and only before they expire; the hourly housekeeping deletes those never used. A challenge names
 * the relying party and origin it was issued for, and, for a member or operator, the session it
 * belongs to, so it cannot be used elsewhere.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    /** The challenge, base64url, as it comes back in the browser's client data. */
    challenge: text('challenge').notNull(),
    purpose: passkeyChallengePurpose('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token the challenge was issued to (null for a sign-in). */
    sessionHash: text('session_hash'),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
