import 'server-only';
import { getDb } from '../db/client';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { hitRateLimit } from '../security/rate-limit';
import { issueEmailToken } from './email-tokens';
import { findAccount } from './find-account';

/**
 * Reset mails per account and requesting address a day, per account a day from all addresses
 * together, and reset requests per client address an hour. Counted per requesting address, a stranger
 * who asks for a member's address spends the budget of their own address: the member still gets a
 * mail from theirs. The higher ceiling per account stops a flood spread over many addresses.
 */
export const RESET_LIMITS = {
  perAccountAndAddressPerDay: 3,
  perAccountPerDay: 10,
  perIpPerHour: 10,
} as const;

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
  // The pair first: a requester over their own budget does not spend the account's.
  for (const [key, limit] of [
    [`reset-mail:${user.id}:${options.ip}`, RESET_LIMITS.perAccountAndAddressPerDay],
    [`reset-mail:${user.id}`, RESET_LIMITS.perAccountPerDay],
  ] as const) {
    const hit = await hitRateLimit({ key, limit, windowSeconds: 86_400, now });
    if (!hit.allowed) throw new AppError('reset_limit');
  }
  const token = await issueEmailToken(db, { userId: user.id, purpose: 'password_reset', now });
  await sendMail({
    to: user.email,
    kind: 'password_reset',
    locale: user.language,
    host: options.host,
    values: { name: user.name, link: `${options.origin}/reset-password/do?token=${token}` },
  });
}
