import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import {
  PASSKEY_LIMIT,
  type OperatorPasskeys,
  type Passkey,
  type RegistrationResponse,
} from '@/lib/shared/schemas/passkeys';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';
import { operatorPasskeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { passkeyView } from '../passkeys/list-passkeys';
import { storeChallenge, takeChallenge } from '../passkeys/passkey-challenges';
import { defaultPasskeyName } from '../passkeys/passkey-name';
import { registrationOptions, verifyNewCredential, type RelyingParty } from '../passkeys/webauthn';
import type { OperatorSession } from './operator-sessions';

/** A passkey is added only in a session opened with the authenticator app this recently. */
export const PASSKEY_ENROLL_MINUTES = 15;

/**
 * Whether the session may add a passkey: its second factor was a code of the authenticator app,
 * given within the last minutes. A passkey never vouches for another, and a session left open
 * for hours is not enough.
 */
export function canAddOperatorPasskey(session: OperatorSession, now = new Date()): boolean {
  return (
    session.secondFactorMethod === 'totp' &&
    session.verifiedAt !== null &&
    now.getTime() - session.verifiedAt.getTime() < PASSKEY_ENROLL_MINUTES * 60_000
  );
}

/** An operator's WebAuthn user handle: opaque and the same for each of their passkeys. */
const operatorHandle = (operatorId: number) =>
  createHash('sha256').update(`lovelane-operator:${operatorId}`).digest('base64url');

async function rowsOf(operatorId: number) {
  const db = await getDb();
  return db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(asc(operatorPasskeys.createdAt), asc(operatorPasskeys.id));
}

/** The operator's passkeys, and whether this session may add one. */
export async function listOperatorPasskeys(options: {
  session: OperatorSession;
  now?: Date;
}): Promise<OperatorPasskeys> {
  const rows = await rowsOf(options.session.operatorId);
  return { passkeys: rows.map(passkeyView), can_add: canAddOperatorPasskey(options.session, options.now) };
}

/** The options to make a passkey for the console; refused unless the session may add one. */
export async function startOperatorPasskeyRegistration(options: {
  session: OperatorSession;
  sessionToken: string;
  rp: RelyingParty;
  now?: Date;
}): Promise<{ options: PublicKeyCredentialCreationOptionsJSON }> {
  const { session, rp } = options;
  if (!canAddOperatorPasskey(session, options.now)) throw new AppError('recent_sign_in_required');
  const db = await getDb();
  const [operator] = await db
    .select({ email: operators.email, name: operators.name })
    .from(operators)
    .where(eq(operators.id, session.operatorId));
  if (!operator) throw new AppError('authentication_required');
  const held = await rowsOf(session.operatorId);
  if (held.length >= PASSKEY_LIMIT) throw new AppError('passkey_limit', { values: { limit: PASSKEY_LIMIT } });
  const creation = await registrationOptions({
    rp: { ...rp, name: `${rp.name} console` },
    role: 'second-factor',
    userName: operator.email,
    userDisplayName: operator.name,
    userHandle: operatorHandle(session.operatorId),
    exclude: held.filter((row) => row.rpId === rp.id),
  });
  await storeChallenge({
    challenge: creation.challenge,
    purpose: 'operator_register',
    rp,
    owner: { kind: 'operator', operatorId: session.operatorId, sessionToken: options.sessionToken },
    now: options.now,
  });
  return { options: creation };
}

/** Stores the passkey the browser made for the console, verified against this session's challenge. */
export async function addOperatorPasskey(options: {
  session: OperatorSession;
  sessionToken: string;
  response: RegistrationResponse;
  rp: RelyingParty;
  userAgent: string | null;
  now?: Date;
}): Promise<OperatorPasskeys & { added: Passkey }> {
  const { session } = options;
  const now = options.now ?? new Date();
  if (!canAddOperatorPasskey(session, now)) throw new AppError('recent_sign_in_required');
  const challenge = await takeChallenge({
    clientDataJSON: options.response.response.clientDataJSON,
    purpose: 'operator_register',
    rp: options.rp,
    owner: { kind: 'operator', operatorId: session.operatorId, sessionToken: options.sessionToken },
    now,
  });
  const credential = await verifyNewCredential({
    response: options.response,
    challenge,
    role: 'second-factor',
  });
  const name = defaultPasskeyName({
    aaguid: credential.aaguid,
    userAgent: options.userAgent,
    locale: session.locale,
  });
  const db = await getDb();
  const [row] = await db
    .insert(operatorPasskeys)
    .values({ ...credential, operatorId: session.operatorId, rpId: challenge.rpId, name, createdAt: now })
    .onConflictDoNothing({ target: operatorPasskeys.credentialId })
    .returning();
  if (!row) throw new AppError('passkey_invalid', { log: 'the credential is registered already' });
  return { ...(await listOperatorPasskeys({ session, now })), added: passkeyView(row) };
}

/** Removes one of the operator's own passkeys (the authenticator app stays their way in). */
export async function removeOperatorPasskey(options: {
  session: OperatorSession;
  passkeyId: number;
  now?: Date;
}): Promise<OperatorPasskeys & { removed: Passkey }> {
  const db = await getDb();
  const [row] = await db
    .delete(operatorPasskeys)
    .where(
      and(
        eq(operatorPasskeys.id, options.passkeyId),
        eq(operatorPasskeys.operatorId, options.session.operatorId),
      ),
    )
    .returning();
  if (!row) throw new AppError('not_found');
  return { ...(await listOperatorPasskeys(options)), removed: passkeyView(row) };
}
