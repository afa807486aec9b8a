import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import {
  checkComplaint,
  COMPLAINT_TEXT_LENGTH,
  complaintReference,
  type ComplaintCreated,
  type ComplaintInput,
} from '@/lib/shared/schemas/complaints';
import { findAccount } from '../auth/find-account';
import { getDb } from '../db/client';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { queueModerationItem } from '../moderation/queue-moderation-item';
import { MailDeliveryError } from '../mail/mail-delivery-error';
import { sendMail } from '../mail/send-mail';
import { hitRateLimit } from '../security/rate-limit';
import { findSiteForDomain, normalizeDomain } from '../settings/site-cache';

/** Complaints one address, and one member, may send per hour. */
export const COMPLAINTS_PER_HOUR = 5;

async function checkLimit(key: string, now: Date): Promise<void> {
  const result = await hitRateLimit({ key, limit: COMPLAINTS_PER_HOUR, windowSeconds: 3_600, now });
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: result.retryAfter },
      headers: { 'Retry-After': String(result.retryAfter) },
    });
  }
}

/**
 * Stores a complaint about a member, a conversation or the service, and mails the reporter an
 * acknowledgement with its reference, in the reporter's language. Members are answered at their
 * account's address; visitors must give one. Five complaints per hour per address and per member.
 */
export async function submitComplaint(options: {
  input: ComplaintInput;
  /** The logged-in member sending it, or null for a visitor. */
  reporterId: number | null;
  /** The request's language: a visitor's mail language. */
  locale: Locale;
  host: string | null;
  ip: string;
  now?: Date;
}): Promise<ComplaintCreated> {
  const { input, reporterId } = options;
  const now = options.now ?? new Date();
  const reporter = reporterId === null ? null : await findAccount({ userId: reporterId });
  if (reporterId !== null && !reporter) throw new AppError('authentication_required');

  const problems = checkComplaint({ text: input.text, email: input.email, isMember: reporter !== null });
  for (const field of ['text', 'email'] as const) {
    const code = problems[field];
    if (code) {
      throw new AppError('field_invalid', {
        field,
        messageKey: code,
        values: { min: COMPLAINT_TEXT_LENGTH.min, max: COMPLAINT_TEXT_LENGTH.max },
      });
    }
  }

  const db = await getDb();
  // Members may be reported whether or not the reporter can see them (an invisible harasser), and
  // the answer never says whether an id exists: an unknown id is stored as no member at all.
  const reportedUserId =
    input.member === undefined
      ? null
      : ((
          await db
            .select({ id: profiles.userId })
            .from(profiles)
            .where(eq(profiles.userId, input.member))
            .limit(1)
        )[0]?.id ?? null);

  await checkLimit(`complaint-ip:${options.ip}`, now);
  if (reporter) await checkLimit(`complaint-member:${reporter.id}`, now);

  const email = reporter?.email ?? input.email?.trim() ?? '';
  const locale = reporter?.language ?? options.locale;
  const site = await findSiteForDomain(normalizeDomain(options.host));
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(complaints)
      .values({
        siteId: site.id,
        reporterId: reporter?.id ?? null,
        reporterEmail: email,
        reportedUserId,
        reason: input.reason,
        text: input.text.trim(),
        conversationRef: input.conversation_ref?.trim() || null,
        locale,
        createdAt: now,
        statusChangedAt: now,
      })
      .returning({ id: complaints.id });
    if (!stored) throw new Error('The complaint was not stored');
    // Every complaint goes to the moderators' queue; its reporter follows it in their settings.
    await queueModerationItem(tx, {
      kind: 'complaint',
      complaintId: stored.id,
      memberId: reportedUserId,
      siteId: site.id,
      now,
    });
    return stored;
  });

  const reference = complaintReference(row.id);
  // A receipt goes only to an address the reporter has proven to own; anything else would let
  // anyone send our mail to any address.
  if (reporter?.status !== 'confirmed') return { id: row.id, reference, is_receipt_mailed: false };
  try {
    await sendMail({
      to: email,
      kind: 'complaint_received',
      locale,
      host: options.host,
      values: { name: reporter.name, reference },
    });
  } catch (error) {
    // The complaint is stored and customer service will see it; only the receipt is missing.
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error(`[complaints] ${reference}: the acknowledgement was not sent:`, error.message);
    return { id: row.id, reference, is_receipt_mailed: false };
  }
  return { id: row.id, reference, is_receipt_mailed: true };
}
