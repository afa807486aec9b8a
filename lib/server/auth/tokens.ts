import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token for a cookie or an e-mailed link, and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
