import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { getDb } from '../db/client';
import { operators, operatorSessions } from '../db/schema/operators';
import { operatorPasskeys } from '../db/schema/passkeys';
import { appSecrets } from '../db/schema/secrets';
import { env } from '../env';
import { AppError } from '../errors';
import { processSingleton } from '../global';
import { hitRateLimit } from '../security/rate-limit';
import { hashToken } from '../auth/tokens';

/**
 * Second factors tried per operator (codes and passkeys together): five attempts lock the second
 * factor for the rest of 15 minutes.
 */
export const SECOND_FACTOR_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 };
/** A code of the step before is still taken, for a clock a little behind and the time to type. */
const TOLERANCE_SECONDS: [number, number] = [30, 5];
const KEY_NAME = 'operator_totp_key';
/** What the operator's app shows as the account's issuer. */
const ISSUER = 'Lovelane console';

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const stateOf = () =>
  processSingleton<{ key: Promise<Buffer> | null }>('operator-totp-key', () => ({ key: null }));

async function loadOrCreateKey(): Promise<Buffer> {
  const db = await getDb();
  await db
    .insert(appSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error('The key of the operators’ second factor was not stored');
  return Buffer.from(row.value, 'base64url');
}

/** The key the authenticator secrets are encrypted with: OPERATOR_TOTP_KEY, else generated once. */
function secretKey(): Promise<Buffer> {
  const state = stateOf();
  const configured = env().OPERATOR_TOTP_KEY;
  if (configured) return Promise.resolve(createHash('sha256').update(configured).digest());
  if (!state.key) {
    state.key = loadOrCreateKey();
    state.key.catch(() => {
      state.key = null;
    });
  }
  return state.key;
}

async function seal(secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `g1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

async function unseal(value: string): Promise<string> {
  const [version, iv = '', sealed = '', tag = ''] = value.split('.');
  if (version !== 'g1') throw new Error('Unknown sealing of an authenticator secret');
  const decipher = createDecipheriv('aes-256-gcm', await secretKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * The authenticator secret of an operator who has not confirmed one yet: made on the first call and
 * kept until confirmed, so reloading the page shows the same QR code. An operator with a confirmed
 * authenticator gets `forbidden` (only an admin can reset it, with `db:operator --reset-second-factor`).
 */
export async function startEnrollment(options: { operatorId: number }): Promise<{
  uri: string;
  secret: string;
  qrSvg: string;
}> {
  const db = await getDb();
  const [operator] = await db
    .select({ email: operators.email, totpSecret: operators.totpSecret, enabledAt: operators.totpEnabledAt })
    .from(operators)
    .where(eq(operators.id, options.operatorId));
  if (!operator) throw new AppError('authentication_required');
  if (operator.enabledAt) throw new AppError('forbidden');
  let secret = operator.totpSecret ? await unseal(operator.totpSecret) : null;
  if (!secret) {
    const fresh = generateSecret();
    await db
      .update(operators)
      .set({ totpSecret: await seal(fresh) })
      .where(and(eq(operators.id, options.operatorId), isNull(operators.totpSecret)));
    const [stored] = await db
      .select({ totpSecret: operators.totpSecret })
      .from(operators)
      .where(eq(operators.id, options.operatorId));
    secret = stored?.totpSecret ? await unseal(stored.totpSecret) : fresh;
  }
  const uri = generateURI({ issuer: ISSUER, label: operator.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, secret, qrSvg };
}

/**
 * Checks a code of the operator's authenticator app and, when it is right, opens the session: the
 * first right code also confirms the app. Each code is taken once (its time step is kept), and wrong
 * codes are counted per operator before they are checked.
 */
export async function verifySecondFactor(options: {
  operatorId: number;
  sessionToken: string;
  code: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const hit = await hitRateLimit({
    key: `operator-totp:${options.operatorId}`,
    ...SECOND_FACTOR_ATTEMPTS,
    now,
  });
  if (!hit.allowed) {
    throw new AppError('account_locked', { values: { minutes: Math.ceil(hit.retryAfter / 60) } });
  }
  const db = await getDb();
  const [operator] = await db
    .select({ totpSecret: operators.totpSecret, lastStep: operators.totpLastStep })
    .from(operators)
    .where(eq(operators.id, options.operatorId));
  if (!operator?.totpSecret) throw new AppError('second_factor_invalid');
  const result = await verify({
    secret: await unseal(operator.totpSecret),
    token: options.code,
    epoch: Math.floor(now.getTime() / 1_000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(operator.lastStep === null ? {} : { afterTimeStep: operator.lastStep }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) throw new AppError('second_factor_invalid');
  const step = result.timeStep;
  await db.transaction(async (tx) => {
    // The step is moved on only when no other request took this code meanwhile.
    const [taken] = await tx
      .update(operators)
      .set({
        totpLastStep: step,
        totpEnabledAt: sql`coalesce(${operators.totpEnabledAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(operators.id, options.operatorId),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
        ),
      )
      .returning({ id: operators.id });
    if (!taken) throw new AppError('second_factor_invalid');
    await tx
      .update(operatorSessions)
      .set({ verifiedAt: now, secondFactorMethod: 'totp' })
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(options.sessionToken)),
          eq(operatorSessions.operatorId, options.operatorId),
        ),
      );
  });
}

/**
 * Takes an operator's authenticator away: their next login sets one up again. Their passkeys go
 * too (a lost phone may hold one), and their sessions end.
 */
export async function resetSecondFactor(options: { operatorId: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(operators.id, options.operatorId));
    await tx.delete(operatorPasskeys).where(eq(operatorPasskeys.operatorId, options.operatorId));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, options.operatorId));
  });
}
