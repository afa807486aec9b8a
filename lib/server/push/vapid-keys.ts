import 'server-only';
import { generateKeyPairSync } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { appSecrets } from '../db/schema/secrets';
import { env } from '../env';
import { processSingleton } from '../global';

/** The key pair web push signs with (VAPID): the public point and private scalar, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const stateOf = () => processSingleton<{ keys: Promise<VapidKeys> | null }>('vapid', () => ({ keys: null }));

/** A P-256 key pair in the encodings web push uses: the raw public point and the private scalar. */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  if (!pub.x || !pub.y || !priv.d) throw new Error('Could not generate VAPID keys');
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x, 'base64url'),
    Buffer.from(pub.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: priv.d };
}

async function readStored(): Promise<VapidKeys | null> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(appSecrets)
    .where(inArray(appSecrets.name, ['vapid_public_key', 'vapid_private_key']));
  const publicKey = rows.find((row) => row.name === 'vapid_public_key')?.value;
  const privateKey = rows.find((row) => row.name === 'vapid_private_key')?.value;
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

async function loadOrCreate(): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY };
  const found = await readStored();
  if (found) return found;
  const db = await getDb();
  const keys = generateVapidKeys();
  await db.transaction(async (tx) => {
    await tx
      .insert(appSecrets)
      .values([
        { name: 'vapid_public_key', value: keys.publicKey },
        { name: 'vapid_private_key', value: keys.privateKey },
      ])
      .onConflictDoNothing();
  });
  // Another instance may have stored its pair first: every instance signs with the stored one.
  return (await readStored()) ?? keys;
}

/** The web-push key pair: from the environment, else generated once and stored for every instance. */
export function getVapidKeys(): Promise<VapidKeys> {
  const state = stateOf();
  if (!state.keys) {
    state.keys = loadOrCreate();
    state.keys.catch(() => {
      state.keys = null;
    });
  }
  return state.keys;
}

/** The web-push public key browsers subscribe with (`push_public_key` of the settings). */
export async function getVapidPublicKey(): Promise<string> {
  return (await getVapidKeys()).publicKey;
}

/** Forgets the loaded keys (tests that change the environment's keys). */
export function resetVapidKeys(): void {
  const state = stateOf();
  state.keys = null;
}
