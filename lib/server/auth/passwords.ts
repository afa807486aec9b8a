import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const PARAMS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verified against when no account matches, so a wrong address costs as long as a wrong password.
let decoy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
