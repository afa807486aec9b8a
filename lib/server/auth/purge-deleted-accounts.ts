import 'server-only';
import { and, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { funnelEvents } from '../db/schema/analytics';
import { emailTokens, sessions, users } from '../db/schema/auth';
import { chatMessages, conversationMembers, memberEvents } from '../db/schema/chat';
import { complaints } from '../db/schema/complaints';
import { dataExports } from '../db/schema/data-exports';
import { likes, swipePasses } from '../db/schema/likes';
import { blocks, profiles } from '../db/schema/members';
import { mailEvents, notificationDeliveries, pushSubscriptions } from '../db/schema/notifications';
import { passkeyChallenges, passkeys } from '../db/schema/passkeys';
import { directDebitRequests } from '../db/schema/payments';
import { deleteMemberPhotos } from '../photos/delete-member-photos';
import { getStorage } from '../storage/get-storage';
import { deleteMemberVerifications } from '../verification/delete-member-verifications';
import { clearPasswordAttempts } from './password-attempts';

/** Accounts purged per run at most; the next run takes the rest. */
const BATCH = 200;

/** The address a purged account keeps: unique, undeliverable, saying nothing about the person. */
export const purgedEmail = (userId: number) => `purged-${userId}@invalid`;

/**
 * Removes the personal data of accounts deleted more than 14 days ago (docs/retention.md):
 * profile, photos (files too), sessions and links, passkeys, likes, passes, blocks, push subscriptions,
 * notification records and choices, consents, attribution, copies of their data, and what their
 * messages said: each becomes a `removed` message in the other member's history (chat photo files
 * deleted), so that conversation still loads and reads sensibly. Kept, anonymised: the account row
 * (status `purged`, no address, no password) because the payment records, the credit ledger and
 * signed direct-debit mandates refer to it and must be kept for ten years. Idempotent and safe to
 * run from several instances; answers how many accounts were purged.
 */
export async function purgeDeletedAccounts(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);
  const db = await getDb();
  const due = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff), ne(users.status, 'purged')))
    .limit(BATCH);
  const storage = getStorage();
  for (const user of due) {
    // Files first: a run that stops halfway finds the rows again and finishes on the next run.
    await deleteMemberPhotos({ userId: user.id });
    const chatPhotos = await db
      .select({ key: chatMessages.photoKey })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, user.id), isNotNull(chatMessages.photoKey)));
    const exportFiles = await db
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), isNotNull(dataExports.storageKey)));
    for (const { key } of [...chatPhotos, ...exportFiles]) if (key) await storage.delete(key);
    // Verification requests and their selfies (files, then rows).
    await deleteMemberVerifications({ userId: user.id });

    await db.transaction(async (tx) => {
      const id = user.id;
      await tx.delete(profiles).where(eq(profiles.userId, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, id));
      await tx.delete(passkeys).where(eq(passkeys.userId, id));
      await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, id));
      await clearPasswordAttempts({ email: user.email, tx });
      await tx.delete(likes).where(or(eq(likes.likerId, id), eq(likes.likedId, id)));
      await tx.delete(swipePasses).where(or(eq(swipePasses.memberId, id), eq(swipePasses.passedId, id)));
      await tx.delete(blocks).where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id)));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
      await tx.delete(notificationDeliveries).where(eq(notificationDeliveries.userId, id));
      await tx.delete(memberEvents).where(eq(memberEvents.memberId, id));
      await tx.delete(mailEvents).where(eq(mailEvents.userId, id));
      await tx.delete(dataExports).where(eq(dataExports.userId, id));
      // Their messages stay in the other member's history as removed, without any content.
      await tx
        .update(chatMessages)
        .set({
          kind: 'removed',
          text: null,
          giftId: null,
          gif: null,
          photoKey: null,
          photoWidth: null,
          photoHeight: null,
          clientKey: sql`'purged-' || ${chatMessages.id}`,
        })
        .where(eq(chatMessages.senderId, id));
      // Their own side of each conversation goes; the other side stays, with nothing left to read.
      await tx.delete(conversationMembers).where(eq(conversationMembers.memberId, id));
      await tx.update(conversationMembers).set({ unreadCount: 0 }).where(eq(conversationMembers.otherId, id));
      // Complaints they filed stay with customer service, without their address.
      await tx
        .update(complaints)
        .set({ reporterEmail: purgedEmail(id) })
        .where(eq(complaints.reporterId, id));
      // Direct-debit forms that never became a mandate hold an IBAN, an address and a phone number.
      await tx
        .delete(directDebitRequests)
        .where(and(eq(directDebitRequests.userId, id), sql`${directDebitRequests.paymentId} is null`));
      // Those that did are the signed mandate's record (holder, IBAN, address), without the phone.
      await tx
        .update(directDebitRequests)
        .set({ mobile: '', codeHash: '' })
        .where(eq(directDebitRequests.userId, id));
      await tx
        .update(users)
        .set({
          status: 'purged',
          email: purgedEmail(id),
          passwordHash: '',
          timeZone: null,
          passkeyUserHandle: null,
          deletionComment: null,
          notificationsDisabled: [],
          emailStoppedReason: null,
          emailStoppedAt: null,
          trackingNetwork: null,
          trackingRef: null,
          trackingSub1: null,
          trackingSub2: null,
          trackingSub3: null,
          signupLander: null,
          signupLanderSlug: null,
        })
        .where(eq(users.id, id));
      // The funnel keeps counting the steps by lander and network, no longer tied to the person.
      await tx
        .update(funnelEvents)
        .set({ userId: null, ref: null, sub1: null, sub2: null, sub3: null })
        .where(eq(funnelEvents.userId, id));
    });
  }
  return due.length;
}
