import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Passkeys } from '@/lib/shared/schemas/passkeys';
import { getDb } from '../db/client';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { listPasskeys } from './list-passkeys';

/** Renames one of the member's passkeys; another member's passkey is `not_found`, like none. */
export async function renamePasskey(options: {
  userId: number;
  sessionToken: string;
  passkeyId: number;
  name: string;
}): Promise<Passkeys> {
  const db = await getDb();
  const [renamed] = await db
    .update(passkeys)
    .set({ name: options.name.trim() })
    .where(and(eq(passkeys.id, options.passkeyId), eq(passkeys.userId, options.userId)))
    .returning({ id: passkeys.id });
  if (!renamed) throw new AppError('not_found');
  return listPasskeys(options);
}
