import 'server-only';
import { and, eq, notInArray } from 'drizzle-orm';
import { postCreditEntry } from '../credits/post-credit-entry';
import { getDb } from '../db/client';
import { emailTokens, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { sites } from '../db/schema/reference';
import { consumeEmailToken } from './email-tokens';
import { hashToken } from './tokens';
import { dropViewerCaches } from '../members/viewer-caches';

/** What an activation link did: confirmed the address now, found it confirmed already, or nothing. */
export type ActivationResult = 'activated' | 'already_active' | 'failed';

/**
 * Confirms an e-mail address with the activation link's token and books the site's signup credits
 * (a `signup_bonus` entry with reference `signup:<userId>`, so at most once). A link opened a second
 * time (or after the address was confirmed otherwise) says so, rather than that activation failed.
 */
export async function activateAccount(options: { token: string; now?: Date }): Promise<ActivationResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'activation', now });
    if (!used) {
      const [known] = await tx
        .select({ status: users.status, deletedAt: users.deletedAt })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(
          and(eq(emailTokens.tokenHash, hashToken(options.token)), eq(emailTokens.purpose, 'activation')),
        );
      return known?.status === 'confirmed' && !known.deletedAt ? 'already_active' : 'failed';
    }
    const [member] = await tx
      .update(users)
      .set({ status: 'confirmed', confirmedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ siteId: users.siteId });
    // A suspension or ban stays what it is: confirming the address does not lift it.
    await tx
      .update(profiles)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(profiles.userId, used.userId), notInArray(profiles.status, ['suspended', 'banned'])));
    dropViewerCaches(used.userId);
    // The site's welcome credits come with the confirmed address (so they cannot be farmed with
    // addresses nobody reads), booked once per member whatever confirms it again.
    const [site] = member
      ? await tx.select({ signupCredits: sites.signupCredits }).from(sites).where(eq(sites.id, member.siteId))
      : [];
    if (site && site.signupCredits > 0) {
      await postCreditEntry({
        userId: used.userId,
        delta: site.signupCredits,
        reason: 'signup_bonus',
        reference: `signup:${used.userId}`,
        tx,
        now,
      });
    }
    return 'activated';
  });
}
