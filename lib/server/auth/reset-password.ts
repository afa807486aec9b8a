import 'server-only';
import { eq } from 'drizzle-orm';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { consumeEmailToken } from './email-tokens';
import { hashPassword } from './passwords';
import { endAllSessions } from './sessions';
import { clearPasswordAttempts } from './password-attempts';

/** Sets a new password with a reset link's token; the link then stops working and every session ends. */
export async function resetPassword(options: {
  token: string;
  password: string;
  passwordRepeat: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  if (options.password !== options.passwordRepeat) {
    throw new AppError('field_invalid', { field: 'password_repeat', messageKey: 'passwords_differ' });
  }
  const rule = checkPassword(options.password);
  if (rule) {
    throw new AppError('field_invalid', {
      field: 'password',
      messageKey: rule,
      values: { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max },
    });
  }
  const passwordHash = await hashPassword(options.password);
  const db = await getDb();
  const userId = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'password_reset', now });
    if (!used) throw new AppError('link_invalid');
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    if (user) await clearPasswordAttempts({ email: user.email, tx });
    return used.userId;
  });
  await endAllSessions({ userId });
}
