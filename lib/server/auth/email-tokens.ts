import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_LINK_HOURS } from '@/lib/shared/constants';
import type { Db } from '../db/client';
import { emailTokens, type EmailTokenPurpose } from '../db/schema/auth';
import { hashToken, newToken } from './tokens';

export type { EmailTokenPurpose };

/** How long each kind of e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  activation: 7 * 86_400_000,
  password_reset: PASSWORD_RESET_LINK_HOURS * 3_600_000,
  mail_change: 2 * 86_400_000,
  reactivation: 14 * 86_400_000,
};

/** Issues a single-use link token; only its hash is stored. */
export async function issueEmailToken(
  db: Db,
  options: { userId: number; purpose: EmailTokenPurpose; newEmail?: string; now: Date },
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(emailTokens).values({
    tokenHash: hash,
    userId: options.userId,
    purpose: options.purpose,
    newEmail: options.newEmail ?? null,
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + TOKEN_LIFETIME_MS[options.purpose]),
  });
  return token;
}

/**
 * Uses up a link token of the given purpose: returns its user (and new address) once, or null
 * when the token is unknown, used, expired or for something else.
 */
export async function consumeEmailToken(
  db: Db,
  options: { token: string; purpose: EmailTokenPurpose; now: Date },
): Promise<{ userId: number; newEmail: string | null } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(options.token)),
        eq(emailTokens.purpose, options.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, options.now),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row ?? null;
}
