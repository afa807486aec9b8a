import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Passkey, Passkeys } from '@/lib/shared/schemas/passkeys';
import { getDb, type DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { passkeys } from '../db/schema/passkeys';
import { confirmedUntil } from '../auth/recent-sign-in';

/** A stored passkey as its owner sees it: never its key or credential id. */
export function passkeyView(row: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

/** Whether an account has a password: every account does today (a purged one keeps an empty hash). */
export const hasPassword = (passwordHash: string) => passwordHash !== '';

/**
 * The member's passkeys, oldest first, with until when this session may change them (a recent
 * sign-in) and whether the account has a password.
 */
export async function listPasskeys(options: {
  userId: number;
  sessionToken: string;
  now?: Date;
  tx?: DbOrTx;
}): Promise<Passkeys> {
  const db = options.tx ?? (await getDb());
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, options.userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId));
  const until = await confirmedUntil(options);
  return {
    passkeys: rows.map(passkeyView),
    confirmed_until: until?.toISOString() ?? null,
    has_password: hasPassword(user?.passwordHash ?? ''),
  };
}
