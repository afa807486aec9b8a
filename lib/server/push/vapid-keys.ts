import 'server-only';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { appSecrets } from '../db/schema/secrets';
import { env } from '../env';
import { processSingleton } from '../global';

const state = processSingleton<{ publicKey: Promise<string> | null }>('vapid', () => ({ publicKey: null }));

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

async function loadOrCreate(): Promise<string> {
  const configured = env().VAPID_PUBLIC_KEY;
  if (configured) return configured;
  const db = await getDb();
  const found = await db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid_public_key'));
  if (found[0]) return found[0].value;
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
  const stored = await db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid_public_key'));
  return stored[0]?.value ?? keys.publicKey;
}

/** The web-push public key: from the environment, else generated once and stored. */
export function getVapidPublicKey(): Promise<string> {
  if (!state.publicKey) {
    state.publicKey = loadOrCreate();
    state.publicKey.catch(() => {
      state.publicKey = null;
    });
  }
  return state.publicKey;
}
