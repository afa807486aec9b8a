import 'server-only';
import { getDb } from '../db/client';
import { AppError } from '../errors';
import { sendMail } from '../mail/send-mail';
import { hitRateLimit } from '../security/rate-limit';
import { issueEmailToken } from './email-tokens';
import { findAccount } from './find-account';

/** Activation mails one member may ask for per hour, the signup's included. */
export const ACTIVATION_MAILS_PER_HOUR = 4;

/** Mails a member a new link to confirm their e-mail address. */
export async function sendActivationMail(options: {
  userId: number;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const row = await findAccount({ userId: options.userId });
  if (!row || row.status !== 'not_confirmed')
    throw new AppError('forbidden', { log: 'account needs no activation' });
  const limit = await hitRateLimit({
    key: `activation-mail:${options.userId}`,
    limit: ACTIVATION_MAILS_PER_HOUR,
    windowSeconds: 3_600,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }
  const token = await issueEmailToken(await getDb(), { userId: options.userId, purpose: 'activation', now });
  await sendMail({
    to: row.email,
    kind: 'activation',
    locale: row.language,
    host: options.host,
    values: { name: row.name, link: `${options.origin}/api/activate.php?token=${token}` },
  });
}
