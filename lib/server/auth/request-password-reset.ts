import 'server-only';
import { getDb } from '../db/client';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { hitRateLimit } from '../security/rate-limit';
import { issueEmailToken } from './email-tokens';
import { findAccount } from './find-account';

/** Reset mails per account per day, and reset requests per client address per hour. */
export const RESET_LIMITS = { perAccountPerDay: 3, perIpPerHour: 10 } as const;

/** Mails a single-use link (valid 2 hours) to set a new password. */
export async function requestPasswordReset(options: {
  email: string;
  host: string | null;
  origin: string;
  ip: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const perIp = await hitRateLimit({
    key: `reset-ip:${options.ip}`,
    limit: RESET_LIMITS.perIpPerHour,
    windowSeconds: 3_600,
    now,
  });
  if (!perIp.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: perIp.retryAfter },
      headers: { 'Retry-After': String(perIp.retryAfter) },
    });
  }
  const db = await getDb();
  const user = await findAccount({ email: options.email });
  if (!user || user.deletedAt) throw new AppError('email_not_found', { field: 'email' });
  const perAccount = await hitRateLimit({
    key: `reset-mail:${user.id}`,
    limit: RESET_LIMITS.perAccountPerDay,
    windowSeconds: 86_400,
    now,
  });
  if (!perAccount.allowed) throw new AppError('reset_limit');
  const token = await issueEmailToken(db, { userId: user.id, purpose: 'password_reset', now });
  await sendMail({
    to: user.email,
    kind: 'password_reset',
    locale: user.language,
    host: options.host,
    values: { name: user.name, link: `${options.origin}/reset-password/do?token=${token}` },
  });
}
