import 'server-only';
import { sql } from 'drizzle-orm';
import { checkEmail } from '@/lib/shared/account-rules';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { hitRateLimit } from '../security/rate-limit';
import { issueEmailToken } from './email-tokens';
import { findAccount } from './find-account';
import { checkPasswordAttempt } from './password-attempts';
import { verifyPassword } from './passwords';

/** E-mail changes asked for per account and day, and per client address and hour. */
export const MAIL_CHANGES = { perAccountPerDay: 5, perAddressPerHour: 10 } as const;

/** Mails a confirmation link to a new e-mail address; the address changes only when it is followed. */
export async function requestMailChange(options: {
  userId: number;
  /** The client's address: wrong passwords count toward the same lockout as logins. */
  ip: string;
  newEmail: string;
  password: string;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const newEmail = options.newEmail.trim();
  if (checkEmail(newEmail))
    throw new AppError('field_invalid', { field: 'new_email', messageKey: 'new_email_invalid' });
  const db = await getDb();
  const user = await findAccount({ userId: options.userId });
  if (
    !user ||
    !(await checkPasswordAttempt({
      email: user.email,
      ip: options.ip,
      verify: () => verifyPassword(user.passwordHash, options.password),
    }))
  ) {
    throw new AppError('field_invalid', { field: 'password', messageKey: 'old_password_wrong' });
  }
  // Counted before the answer can say whether the new address is taken: otherwise the form would
  // tell anyone, without limit, which addresses have accounts.
  for (const rule of [
    { key: `mail-change:${options.userId}`, limit: MAIL_CHANGES.perAccountPerDay, windowSeconds: 86_400 },
    { key: `mail-change-ip:${options.ip}`, limit: MAIL_CHANGES.perAddressPerHour, windowSeconds: 3_600 },
  ]) {
    const limit = await hitRateLimit({ ...rule, now });
    if (!limit.allowed)
      throw new AppError('rate_limited', {
        values: { seconds: limit.retryAfter },
        headers: { 'Retry-After': String(limit.retryAfter) },
      });
  }
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`)
    .limit(1);
  if (taken[0]) throw new AppError('email_taken', { field: 'new_email' });
  const token = await issueEmailToken(db, { userId: options.userId, purpose: 'mail_change', newEmail, now });
  await sendMail({
    to: newEmail,
    kind: 'mail_change',
    locale: user.language,
    host: options.host,
    values: { name: user.name, link: `${options.origin}/mail-change/do?token=${token}` },
  });
}
