import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { checkPassword, PASSWORD_LENGTH } from '@/lib/shared/account-rules';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { AppError } from '../errors';
import { findAccount } from './find-account';
import { checkPasswordAttempt } from './password-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken } from './tokens';

/** Changes the password after checking the old one; the member's other sessions end. */
export async function changePassword(options: {
  userId: number;
  /** The client's address: wrong passwords count toward the same lockout as logins. */
  ip: string;
  oldPassword: string;
  newPassword: string;
  currentToken: string;
}): Promise<void> {
  const db = await getDb();
  const user = await findAccount({ userId: options.userId });
  if (
    !user ||
    !(await checkPasswordAttempt({
      email: user.email,
      ip: options.ip,
      verify: () => verifyPassword(user.passwordHash, options.oldPassword),
    }))
  ) {
    throw new AppError('field_invalid', { field: 'old_password', messageKey: 'old_password_wrong' });
  }
  const rule = checkPassword(options.newPassword, user.email);
  if (rule) {
    throw new AppError('field_invalid', {
      field: 'new_password',
      messageKey: rule,
      values: { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max },
    });
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, options.userId));
    await tx
      .delete(sessions)
      .where(
        and(eq(sessions.userId, options.userId), ne(sessions.tokenHash, hashToken(options.currentToken))),
      );
  });
}
