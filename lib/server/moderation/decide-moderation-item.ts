import 'server-only';
import { lockOpenItemOrThrow } from './lock-open-item';
import { and, eq } from 'drizzle-orm';
import { isLocale } from '@/lib/shared/locales';
import {
  ACTIONS_TAKEN,
  ACTIONS_WITHOUT_REASON,
  MODERATION_REASON_LENGTH,
  type ModerationAction,
  type ModerationDecided,
  type ModerationDecisionInput,
  type ModerationItemKind,
} from '@/lib/shared/schemas/moderation';
import { getDb, type Tx } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';
import { moderationDecisions, moderationItems } from '../db/schema/moderation';
import { operators } from '../db/schema/operators';
import { photos } from '../db/schema/photos';
import { sites } from '../db/schema/reference';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';
import { hostOfSite } from '../notifications/notification-links';
import { settleMainPhoto } from '../photos/settle-main-photo';
import { decideVerificationItem } from '../verification/decide-verification-item';
import { LIFT_SUSPENSION_JOB } from './moderation-jobs';
import type { AuditRecord } from '../operators/write-audit-log';
import { dropViewerCaches } from '../members/viewer-caches';

/**
 * Which decisions fit which items: photos are approved or hidden; complaints are dismissed or acted
 * on; verifications and re-checks are approved or rejected (decideVerificationItem).
 */
const ACTIONS_BY_KIND: Record<ModerationItemKind, readonly ModerationAction[]> = {
  complaint: ['dismiss', 'warn', 'hide_photo', 'suspend', 'ban'],
  photo: ['approve_photo', 'hide_photo', 'warn', 'suspend', 'ban'],
  verification: [],
  verification_recheck: [],
};

const invalid = (field: string, messageKey: string, values?: Record<string, number>) =>
  new AppError('field_invalid', { field, messageKey, values, log: `moderation decision: ${messageKey}` });

/** Hides a photo: rejected, and no longer the main one (the first shown photo takes its place). */
async function hidePhoto(tx: Tx, photo: { id: number; userId: number }): Promise<void> {
  await tx.update(photos).set({ status: 'rejected', isMain: false }).where(eq(photos.id, photo.id));
  await settleMainPhoto(tx, photo.userId);
}

/** Shows an approved photo; it takes the main place when the main photo still waits (or there is none). */
async function approvePhoto(tx: Tx, photo: { id: number; userId: number }): Promise<void> {
  await tx.update(photos).set({ status: 'active' }).where(eq(photos.id, photo.id));
  await settleMainPhoto(tx, photo.userId);
}

/**
 * A moderator's decision on a queue item, with its effects, in one transaction:
 * - dismiss: nothing happens to the member (the reporter reads "no action");
 * - approve_photo: the photo shows (it may have waited under pre-moderation);
 * - hide_photo: the photo is rejected and shown nowhere;
 * - warn: the member is mailed, in their language, what they broke and the moderator's note;
 * - suspend: for `days` the member can neither log in nor be seen; their sessions end; a job brings
 *   the profile back when the time is up;
 * - ban: the same for good.
 * On a photo item, warn, suspend and ban hide the photo as well. Every action but dismiss and approve
 * needs a reason and names what the member broke. The decision and who made it are stored; the
 * complaint's reporter sees "action taken" or "no action". A decided item cannot be decided again.
 * Verifications and re-checks are approved or rejected by decideVerificationItem.
 */
export async function decideModerationItem(options: {
  operatorId: number;
  input: ModerationDecisionInput;
  /** Records the change for the audit log (the operator route's `audit`). */
  audit?: (record: AuditRecord) => void;
  now?: Date;
}): Promise<ModerationDecided> {
  const { input, operatorId } = options;
  const now = options.now ?? new Date();
  const { action } = input;
  if (action === 'approve_verification' || action === 'reject_verification') {
    return decideVerificationItem({ ...options, now, action });
  }
  const reason = input.reason?.trim() || null;
  const needsReason = !ACTIONS_WITHOUT_REASON.includes(action);
  if (needsReason && (reason === null || reason.length < MODERATION_REASON_LENGTH.min)) {
    throw invalid('reason', 'moderation_reason_required', { min: MODERATION_REASON_LENGTH.min });
  }
  const isAgainstMember = ACTIONS_TAKEN.includes(action);
  if (isAgainstMember && !input.violation) throw invalid('violation', 'moderation_violation_required');
  if (action === 'suspend' && input.days === undefined) throw invalid('days', 'moderation_days_required');

  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const item = await lockOpenItemOrThrow(tx, input.item);
    if (!ACTIONS_BY_KIND[item.kind].includes(action)) throw invalid('action', 'moderation_action_invalid');
    const memberId = item.memberId;
    if (memberId === null && action !== 'dismiss') throw invalid('action', 'moderation_action_invalid');

    const [member] =
      memberId === null
        ? []
        : await tx
            .select({
              status: profiles.status,
              suspendedUntil: profiles.suspendedUntil,
              name: profiles.name,
              email: users.email,
              language: users.language,
              domain: sites.domain,
              accountStatus: users.status,
            })
            .from(profiles)
            .innerJoin(users, eq(users.id, profiles.userId))
            .innerJoin(sites, eq(sites.id, users.siteId))
            .where(eq(profiles.userId, memberId))
            .for('update', { of: profiles });
    if (memberId !== null && !member && action !== 'dismiss') {
      throw invalid('action', 'moderation_action_invalid');
    }
    if (member?.status === 'banned' && (action === 'suspend' || action === 'ban')) {
      throw invalid('action', 'moderation_member_banned');
    }

    // The photo the decision is about: the item's own, or the one a complaint's decision names.
    const photoId =
      item.kind === 'photo' ? item.photoId : action === 'hide_photo' ? (input.photo ?? null) : null;
    if (item.kind === 'complaint' && action === 'hide_photo' && photoId === null) {
      throw invalid('photo', 'moderation_photo_required');
    }
    const [photo] =
      photoId === null
        ? []
        : await tx
            .select({ id: photos.id, userId: photos.userId, isMain: photos.isMain, status: photos.status })
            .from(photos)
            .where(and(eq(photos.id, photoId), memberId === null ? undefined : eq(photos.userId, memberId)))
            .for('update');
    if (photoId !== null && !photo) throw invalid('photo', 'moderation_photo_required');

    const before = {
      profileStatus: member?.status ?? null,
      suspendedUntil: member?.suspendedUntil?.toISOString() ?? null,
      photoStatus: photo?.status ?? null,
    };
    let suspendedUntil: Date | null = null;
    if (action === 'approve_photo' && photo) await approvePhoto(tx, photo);
    if (photo && (action === 'hide_photo' || (item.kind === 'photo' && isAgainstMember))) {
      await hidePhoto(tx, photo);
    }
    if (memberId !== null && action === 'suspend' && input.days !== undefined) {
      suspendedUntil = new Date(now.getTime() + input.days * 86_400_000);
      await tx
        .update(profiles)
        .set({ status: 'suspended', suspendedUntil, updatedAt: now })
        .where(eq(profiles.userId, memberId));
      await enqueueJob(tx, LIFT_SUSPENSION_JOB, { userId: memberId }, { runAt: suspendedUntil });
    }
    if (memberId !== null && action === 'ban') {
      await tx
        .update(profiles)
        .set({ status: 'banned', suspendedUntil: null, updatedAt: now })
        .where(eq(profiles.userId, memberId));
    }
    if (memberId !== null && (action === 'suspend' || action === 'ban')) {
      await tx.delete(sessions).where(eq(sessions.userId, memberId));
      dropViewerCaches(memberId);
    }

    await tx
      .update(moderationItems)
      .set({
        state: 'decided',
        decidedAt: now,
        claimedBy: item.claimedBy ?? operatorId,
        claimedAt: item.claimedAt ?? now,
      })
      .where(eq(moderationItems.id, item.id));
    if (item.complaintId !== null) {
      await tx
        .update(complaints)
        .set({ status: isAgainstMember ? 'action_taken' : 'no_action', statusChangedAt: now })
        .where(eq(complaints.id, item.complaintId));
    }
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        itemId: item.id,
        memberId,
        photoId: photo?.id ?? null,
        operatorId,
        action,
        violation: isAgainstMember ? (input.violation ?? null) : null,
        reason,
        suspendedUntil,
        createdAt: now,
      })
      .returning();
    if (!decision) throw new Error('The decision was not stored');
    const [operator] = await tx
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(eq(operators.id, operatorId));
    const after = {
      profileStatus:
        action === 'ban' ? 'banned' : action === 'suspend' ? 'suspended' : (member?.status ?? null),
      suspendedUntil: suspendedUntil?.toISOString() ?? before.suspendedUntil,
      photoStatus: !photo
        ? null
        : action === 'approve_photo'
          ? 'active'
          : action === 'hide_photo' || item.kind === 'photo'
            ? 'rejected'
            : photo.status,
    };
    return { item, member, decision, operator, before, after };
  });

  const { item, member, decision, operator, before, after } = outcome;
  options.audit?.({
    action: `moderation.${action}`,
    subject:
      item.memberId === null
        ? { type: 'moderation_item', id: item.id }
        : { type: 'member', id: item.memberId },
    before: { item: item.id, ...before },
    after: { item: item.id, decision: decision.id, reason, violation: decision.violation, ...after },
  });

  if (action === 'warn' && member && input.violation && reason) {
    try {
      await sendMail({
        to: member.email,
        kind: 'moderation_warning',
        locale: isLocale(member.language) ? member.language : 'en',
        host: hostOfSite(member.domain),
        values: { name: member.name, violation: input.violation, note: reason },
      });
    } catch (error) {
      // The warning is recorded either way; a mail server that refused it is logged for a retry by hand.
      if (!(error instanceof MailDeliveryError)) throw error;
      console.error(`[moderation] warning to member ${item.memberId} not delivered:`, error.message);
    }
  }

  return {
    item: item.id,
    decision: {
      id: decision.id,
      action: decision.action,
      violation: decision.violation,
      reason: decision.reason,
      verificationRejection: decision.verificationRejection,
      suspendedUntil: decision.suspendedUntil?.toISOString() ?? null,
      operator: operator ?? { id: operatorId, name: '' },
      createdAt: decision.createdAt.toISOString(),
    },
  };
}
