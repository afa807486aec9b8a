import 'server-only';
import { and, desc, eq, ne } from 'drizzle-orm';
import { complaintReference } from '@/lib/shared/schemas/complaints';
import type { ModerationItemDetail } from '@/lib/shared/schemas/moderation';
import { getDb, type DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages, conversations } from '../db/schema/chat';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';
import { moderationDecisions, moderationItems } from '../db/schema/moderation';
import { operators } from '../db/schema/operators';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { ageOn } from '../members/member-filters';
import type { AuditRecord } from '../operators/write-audit-log';
import { excerpt, photoPrefix, queueItemQuery, toModeratedPhoto, toQueueItem } from './moderation-rows';

/** Lines of a named conversation a moderator reads. */
export const CONVERSATION_LINES = 30;
/** Earlier complaints and decisions shown about the member. */
const HISTORY = 10;

/**
 * The last lines of the conversation a complaint names, when it is one between the reporter and the
 * reported member (a complaint cannot open anyone else's conversation); null otherwise.
 */
async function conversationExcerpt(
  db: DbOrTx,
  complaint: { conversationRef: string | null; reporterId: number | null; reportedUserId: number | null },
): Promise<ModerationItemDetail['conversation']> {
  const { conversationRef, reporterId, reportedUserId } = complaint;
  if (
    !conversationRef ||
    !/^[1-9]\d{0,9}$/.test(conversationRef) ||
    reporterId === null ||
    reportedUserId === null
  )
    return null;
  const id = Number(conversationRef);
  if (id > 2_147_483_647) return null;
  const [low, high] =
    reporterId < reportedUserId ? [reporterId, reportedUserId] : [reportedUserId, reporterId];
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.id, id), eq(conversations.memberLow, low), eq(conversations.memberHigh, high)),
    );
  if (!conversation) return null;
  const lines = await db
    .select({
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      kind: chatMessages.kind,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(desc(chatMessages.id))
    .limit(CONVERSATION_LINES);
  return lines.reverse().map((line) => ({ ...line, createdAt: line.createdAt.toISOString() }));
}

/**
 * Opens a queue item for a moderator with everything needed to decide: the reported member's profile
 * and photos, earlier complaints and decisions about them, and the conversation the complaint names.
 * A waiting item becomes theirs (in review), and so does its complaint for the reporter; an item
 * another moderator has open stays theirs.
 */
export async function openModerationItem(options: {
  operatorId: number;
  itemId: number;
  audit?: (record: AuditRecord) => void;
  now?: Date;
}): Promise<ModerationItemDetail> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const claimed = await db.transaction(async (tx) => {
    const [item] = await tx
      .update(moderationItems)
      .set({ state: 'in_review', claimedBy: options.operatorId, claimedAt: now })
      .where(and(eq(moderationItems.id, options.itemId), eq(moderationItems.state, 'waiting')))
      .returning({ id: moderationItems.id, complaintId: moderationItems.complaintId });
    if (item?.complaintId) {
      await tx
        .update(complaints)
        .set({ status: 'in_review', statusChangedAt: now })
        .where(and(eq(complaints.id, item.complaintId), eq(complaints.status, 'received')));
    }
    return item !== undefined;
  });

  const [row] = await queueItemQuery(db).where(eq(moderationItems.id, options.itemId));
  if (!row) throw new AppError('not_found', { log: `no moderation item ${options.itemId}` });
  if (claimed) {
    options.audit?.({
      action: 'moderation.open',
      subject: { type: 'moderation_item', id: row.item.id },
      before: { state: 'waiting' },
      after: { state: 'in_review' },
    });
  }
  const memberId = row.item.memberId;

  const [complaint] = row.item.complaintId
    ? await db
        .select({ complaint: complaints, reporterName: profiles.name })
        .from(complaints)
        .leftJoin(profiles, eq(profiles.userId, complaints.reporterId))
        .where(eq(complaints.id, row.item.complaintId))
    : [];

  const [memberPhotos, [account], recent, decisions, conversation] = await Promise.all([
    memberId === null
      ? []
      : db.select().from(photos).where(eq(photos.userId, memberId)).orderBy(photos.position, photos.id),
    memberId === null
      ? []
      : db
          .select({
            email: users.email,
            createdAt: users.createdAt,
            dateOfBirth: profiles.dateOfBirth,
            country: profiles.country,
            city: profiles.city,
            gender: profiles.gender,
            signupMessage: profiles.signupMessage,
            fictional: profiles.fictional,
            verified: profiles.verified,
          })
          .from(users)
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(eq(users.id, memberId)),
    memberId === null
      ? []
      : db
          .select()
          .from(complaints)
          .where(
            and(
              eq(complaints.reportedUserId, memberId),
              row.item.complaintId ? ne(complaints.id, row.item.complaintId) : undefined,
            ),
          )
          .orderBy(desc(complaints.createdAt), desc(complaints.id))
          .limit(HISTORY),
    memberId === null
      ? []
      : db
          .select({ decision: moderationDecisions, operator: { id: operators.id, name: operators.name } })
          .from(moderationDecisions)
          .innerJoin(operators, eq(operators.id, moderationDecisions.operatorId))
          .where(eq(moderationDecisions.memberId, memberId))
          .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
          .limit(HISTORY),
    complaint ? conversationExcerpt(db, complaint.complaint) : null,
  ]);

  return {
    ...toQueueItem(row),
    complaintDetail: complaint
      ? {
          id: complaint.complaint.id,
          reference: complaintReference(complaint.complaint.id),
          reason: complaint.complaint.reason,
          text: complaint.complaint.text,
          status: complaint.complaint.status,
          conversationRef: complaint.complaint.conversationRef,
          reporter: {
            id: complaint.complaint.reporterId,
            name: complaint.reporterName,
            email: complaint.complaint.reporterEmail,
          },
          createdAt: complaint.complaint.createdAt.toISOString(),
        }
      : null,
    photos: memberPhotos.map((photo) => toModeratedPhoto(photo, photoPrefix(row))),
    profile: account
      ? {
          fictional: account.fictional,
          verified: account.verified,
          age: ageOn(account.dateOfBirth, now),
          country: account.country,
          city: account.city,
          gender: account.gender,
          signupMessage: account.signupMessage,
          email: account.email,
          createdAt: account.createdAt.toISOString(),
        }
      : null,
    recentComplaints: recent.map((c) => ({
      id: c.id,
      reference: complaintReference(c.id),
      reason: c.reason,
      status: c.status,
      excerpt: excerpt(c.text),
      createdAt: c.createdAt.toISOString(),
    })),
    decisions: decisions.map(({ decision, operator }) => ({
      id: decision.id,
      action: decision.action,
      violation: decision.violation,
      reason: decision.reason,
      verificationRejection: decision.verificationRejection,
      suspendedUntil: decision.suspendedUntil?.toISOString() ?? null,
      operator,
      createdAt: decision.createdAt.toISOString(),
    })),
    conversation,
  };
}
