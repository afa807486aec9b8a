import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { AppError } from '../errors';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';
import { consumeEmailToken } from './email-tokens';
import { findAccount } from './find-account';
import { hashToken } from './tokens';

/**
 * Makes the new address the account's, with the token of the link mailed to it. The old address is
 * told (in case someone else made the change), and every other session of the member ends.
 */
export async function confirmMailChange(options: {
  token: string;
  /** The session of the browser following the link, which stays logged in. */
  currentToken?: string;
  host: string | null;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const change = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'mail_change', now });
    if (!used?.newEmail) throw new AppError('link_invalid');
    const newEmail = used.newEmail;
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`)
      .limit(1);
    if (taken[0] && taken[0].id !== used.userId) throw new AppError('email_taken');
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    await tx.update(users).set({ email: newEmail }).where(eq(users.id, used.userId));
    const keep = options.currentToken ? hashToken(options.currentToken) : '';
    await tx.delete(sessions).where(and(eq(sessions.userId, used.userId), ne(sessions.tokenHash, keep)));
    return { userId: used.userId, oldEmail: before?.email ?? '', newEmail };
  });
  const account = await findAccount({ userId: change.userId });
  if (!account || !change.oldEmail || change.oldEmail.toLowerCase() === change.newEmail.toLowerCase()) return;
  try {
    await sendMail({
      to: change.oldEmail,
      kind: 'mail_changed',
      locale: account.language,
      host: options.host,
      values: { name: account.name, newEmail: change.newEmail },
    });
  } catch (error) {
    // The change is made; only the notice is missing, which must not undo it.
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error(
      `[mail] the notice of a changed address for member ${change.userId} was not sent:`,
      error.message,
    );
  }
}
