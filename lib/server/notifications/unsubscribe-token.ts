import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { appSecrets } from '../db/schema/secrets';
import { env } from '../env';
import { processSingleton } from '../global';

const SECRET_NAME = 'unsubscribe_secret';
const VERSION = 'u1';

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const stateOf = () =>
  processSingleton<{ stored: Promise<string> | null }>('unsubscribe-secret', () => ({
    stored: null,
  }));

async function loadOrCreate(): Promise<string> {
  const db = await getDb();
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  // Whoever inserted first, every instance signs with the stored value.
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The unsubscribe secret was not stored');
  return row.value;
}

/** The key of unsubscribe links: UNSUBSCRIBE_SECRET, else generated once and stored in app_secrets. */
function unsubscribeSecret(): Promise<string> {
  const state = stateOf();
  const configured = env().UNSUBSCRIBE_SECRET;
  if (configured) return Promise.resolve(configured);
  if (!state.stored) {
    state.stored = loadOrCreate();
    state.stored.catch(() => {
      state.stored = null;
    });
  }
  return state.stored;
}

function signature(secret: string, userId: number, kind: NotificationKind): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}:${userId}:${kind}`).digest();
}

/** What an unsubscribe link stops: one kind of notification mail of one member. */
export interface UnsubscribeTarget {
  userId: number;
  kind: NotificationKind;
}

/**
 * The token of a member's unsubscribe link for one kind: `u1.<member>.<kind>.<HMAC-SHA256>`. It
 * does not expire (old mails keep working, RFC 8058 §3.2) and names its kind inside the signature,
 * so it cannot be turned into a link for another member or another kind.
 */
export async function signUnsubscribeToken(target: UnsubscribeTarget): Promise<string> {
  const mac = signature(await unsubscribeSecret(), target.userId, target.kind).toString('base64url');
  return `${VERSION}.${target.userId}.${target.kind}.${mac}`;
}

const TOKEN = /^u1\.([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** The member and kind of a genuine token; null for anything forged, altered or malformed. */
export async function verifyUnsubscribeToken(token: string): Promise<UnsubscribeTarget | null> {
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  const [, id = '', kindText = '', mac = ''] = match;
  const kind = NOTIFICATION_KINDS.find((k) => k === kindText);
  const userId = Number(id);
  if (!kind || !Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const expected = signature(await unsubscribeSecret(), userId, kind);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}
