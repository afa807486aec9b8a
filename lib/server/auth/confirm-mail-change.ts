import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { consumeEmailToken } from './email-tokens';

/** Makes the new address the account's, with the token of the link mailed to it. */
export async function confirmMailChange(options: { token: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'mail_change', now });
    if (!used?.newEmail) throw new AppError('link_invalid');
    const newEmail = used.newEmail;
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`)
      .limit(1);
    if (taken[0] && taken[0].id !== used.userId) throw new AppError('email_taken');
    await tx.update(users).set({ email: newEmail }).where(eq(users.id, used.userId));
  });
}
