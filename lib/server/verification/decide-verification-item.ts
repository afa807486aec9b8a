import 'server-only';
import { lockOpenItemOrThrow } from '../moderation/lock-open-item';
import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import { isLocale } from '@/lib/shared/locales';
import type { ModerationDecided, ModerationDecisionInput } from '@/lib/shared/schemas/moderation';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { moderationDecisions, moderationItems } from '../db/schema/moderation';
import { operators } from '../db/schema/operators';
import { photos } from '../db/schema/photos';
import { sites } from '../db/schema/reference';
import { photoVerifications } from '../db/schema/verification';
import { AppError } from '../errors';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';
import { hostOfSite, siteAddress } from '../notifications/notification-links';
import type { AuditRecord } from '../operators/write-audit-log';
import { settleVerifiedBadge } from './settle-verified-badge';

const invalid = (field: string, messageKey: string) =>
  new AppError('field_invalid', { field, messageKey, log: `verification decision: ${messageKey}` });

/**
 * A moderator's decision on a verification selfie or a re-check, with its effects, in one
 * transaction:
 * - a verification approved: the request is approved, and the member's photos the moderator saw
 *   (every photo not hidden that existed when the item was opened) count as checked; the badge shows
 *   when the main photo is one of them;
 * - a verification rejected: the request is rejected with one of the fixed reasons; the member may
 *   ask again;
 * - a re-check approved: the new main photo counts as checked and the badge comes back;
 * - a re-check rejected: the badge stays off, with the reason.
 * Fictional profiles are never verified: approving one is refused. The member is mailed the outcome
 * in their language, as moderation warnings are. A decided item cannot be decided again.
 */
export async function decideVerificationItem(options: {
  operatorId: number;
  input: ModerationDecisionInput;
  action: 'approve_verification' | 'reject_verification';
  audit?: (record: AuditRecord) => void;
  now: Date;
}): Promise<ModerationDecided> {
  const { input, operatorId, action, now } = options;
  const isApproved = action === 'approve_verification';
  const rejection = isApproved ? null : (input.rejection ?? null);
  if (!isApproved && rejection === null) throw invalid('rejection', 'verification_rejection_required');

  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const item = await lockOpenItemOrThrow(tx, input.item);
    const isRecheck = item.kind === 'verification_recheck';
    if (
      (item.kind !== 'verification' && !isRecheck) ||
      item.verificationId === null ||
      item.memberId === null
    ) {
      throw invalid('action', 'moderation_action_invalid');
    }
    const memberId = item.memberId;
    const [member] = await tx
      .select({
        fictional: profiles.fictional,
        verified: profiles.verified,
        name: profiles.name,
        email: users.email,
        language: users.language,
        deletedAt: users.deletedAt,
        domain: sites.domain,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .innerJoin(sites, eq(sites.id, users.siteId))
      .where(eq(profiles.userId, memberId))
      .for('update', { of: profiles });
    if (!member) throw invalid('action', 'moderation_action_invalid');
    if (isApproved && member.fictional) {
      throw new AppError('verification_unavailable', {
        messageKey: 'verification_fictional',
        log: `fictional member ${memberId} cannot be verified`,
      });
    }
    const [request] = await tx
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.id, item.verificationId))
      .for('update');
    if (!request) throw invalid('action', 'moderation_action_invalid');

    if (!isRecheck) {
      await tx
        .update(photoVerifications)
        .set({
          status: isApproved ? 'approved' : 'rejected',
          rejection,
          decidedAt: now,
          decidedBy: operatorId,
        })
        .where(eq(photoVerifications.id, request.id));
      if (isApproved) {
        // The photos the moderator compared with the selfie: those there when the item was opened.
        await tx
          .update(photos)
          .set({ verifiedAt: now })
          .where(
            and(
              eq(photos.userId, memberId),
              ne(photos.status, 'rejected'),
              lte(photos.createdAt, item.claimedAt ?? now),
              isNull(photos.verifiedAt),
            ),
          );
      }
    } else if (isApproved && item.photoId !== null) {
      await tx
        .update(photos)
        .set({ verifiedAt: now })
        .where(and(eq(photos.id, item.photoId), eq(photos.userId, memberId)));
    }
    const isVerified = await settleVerifiedBadge(tx, memberId, { now });

    await tx
      .update(moderationItems)
      .set({
        state: 'decided',
        decidedAt: now,
        claimedBy: item.claimedBy ?? operatorId,
        claimedAt: item.claimedAt ?? now,
      })
      .where(eq(moderationItems.id, item.id));
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        itemId: item.id,
        memberId,
        photoId: item.photoId,
        operatorId,
        action,
        verificationRejection: rejection,
        createdAt: now,
      })
      .returning();
    if (!decision) throw new Error('The decision was not stored');
    const [operator] = await tx
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(eq(operators.id, operatorId));
    return { item, member, request, decision, operator, isRecheck, isVerified };
  });

  const { item, member, request, decision, operator, isRecheck, isVerified } = outcome;
  options.audit?.({
    action: `moderation.${action}`,
    subject: { type: 'member', id: item.memberId ?? 0 },
    before: { item: item.id, verification: request.id, status: request.status, verified: member.verified },
    after: {
      item: item.id,
      decision: decision.id,
      verification: request.id,
      recheck: isRecheck,
      rejection,
      verified: isVerified,
    },
  });

  if (member.deletedAt === null) {
    const host = hostOfSite(member.domain);
    try {
      const { origin } = await siteAddress(host);
      await sendMail({
        to: member.email,
        kind: 'verification_decided',
        locale: isLocale(member.language) ? member.language : 'en',
        host,
        values: {
          name: member.name,
          outcome: isRecheck
            ? isApproved
              ? 'recheck_approved'
              : 'recheck_rejected'
            : isApproved
              ? 'approved'
              : 'rejected',
          reason: rejection,
          link: `${origin}/profile#verification`,
        },
      });
    } catch (error) {
      // The decision stands either way; a mail server that refused the mail is logged.
      if (!(error instanceof MailDeliveryError)) throw error;
      console.error(`[verification] decision mail to member ${item.memberId} not delivered:`, error.message);
    }
  }

  return {
    item: item.id,
    decision: {
      id: decision.id,
      action: decision.action,
      violation: null,
      reason: null,
      verificationRejection: decision.verificationRejection,
      suspendedUntil: null,
      operator: operator ?? { id: operatorId, name: '' },
      createdAt: decision.createdAt.toISOString(),
    },
  };
}
