import 'server-only';
import { aliasedTable, and, desc, eq, gt } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import type { MemberFile } from '@/lib/shared/schemas/operator-support';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { complaints } from '../db/schema/complaints';
import { creditBalances, creditLedger } from '../db/schema/credits';
import { blocks, profiles } from '../db/schema/members';
import { payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { toSupportPayment } from '../payments/support-payment-view';

/** How many ledger rows, payments and complaints the file shows (newest first). */
const LIMIT = 200;

/**
 * A member's file for customer service: account and profile state, credits with the whole recent
 * ledger, payments with what was refunded, open sessions, blocks both ways, and complaints by and
 * about the member.
 */
export async function getMemberFileOrThrow(options: { userId: number; now?: Date }): Promise<MemberFile> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [member] = await db
    .select({ user: users, profile: profiles, credits: creditBalances.balance })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(creditBalances, eq(creditBalances.userId, users.id))
    .where(eq(users.id, options.userId));
  if (!member) throw new AppError('not_found', { log: `no member ${options.userId}` });
  const { user, profile } = member;

  const other = aliasedTable(profiles, 'other');
  const [ledger, paymentRows, sessionRows, blocked, blockedBy, complaintsBy, complaintsAbout] =
    await Promise.all([
      db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, user.id))
        .orderBy(desc(creditLedger.id))
        .limit(LIMIT),
      db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.id)).limit(LIMIT),
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt)),
      db
        .select({ id: other.userId, name: other.name, at: blocks.createdAt })
        .from(blocks)
        .innerJoin(other, eq(other.userId, blocks.blockedId))
        .where(eq(blocks.blockerId, user.id))
        .orderBy(desc(blocks.createdAt)),
      db
        .select({ id: other.userId, name: other.name, at: blocks.createdAt })
        .from(blocks)
        .innerJoin(other, eq(other.userId, blocks.blockerId))
        .where(eq(blocks.blockedId, user.id))
        .orderBy(desc(blocks.createdAt)),
      db
        .select({ complaint: complaints, otherId: other.userId, otherName: other.name })
        .from(complaints)
        .leftJoin(other, eq(other.userId, complaints.reportedUserId))
        .where(eq(complaints.reporterId, user.id))
        .orderBy(desc(complaints.id))
        .limit(LIMIT),
      db
        .select({ complaint: complaints, otherId: other.userId, otherName: other.name })
        .from(complaints)
        .leftJoin(other, eq(other.userId, complaints.reporterId))
        .where(eq(complaints.reportedUserId, user.id))
        .orderBy(desc(complaints.id))
        .limit(LIMIT),
    ]);

  const brief = (row: { id: number; name: string; at: Date }) => ({
    id: row.id,
    name: row.name,
    at: row.at.toISOString(),
  });
  const complaint = (row: (typeof complaintsBy)[number]) => ({
    id: row.complaint.id,
    reason: row.complaint.reason,
    text: row.complaint.text,
    status: row.complaint.status,
    created: row.complaint.createdAt.toISOString(),
    other_id: row.otherId,
    other_name: row.otherName,
  });
  return {
    member: {
      id: user.id,
      email: user.email,
      name: profile.name,
      status: user.status,
      profile_status: profile.status,
      language: user.language,
      country: profile.country,
      paid_user: user.paidUser,
      fictional: profile.fictional,
      created: user.createdAt.toISOString(),
      confirmed_at: user.confirmedAt?.toISOString() ?? null,
      deleted_at: user.deletedAt?.toISOString() ?? null,
      reactivation_until: user.deletedAt
        ? new Date(user.deletedAt.getTime() + REACTIVATION_DAYS * 86_400_000).toISOString()
        : null,
      email_stopped_reason: user.emailStoppedReason,
    },
    credits: member.credits ?? 0,
    ledger: ledger.map((entry) => ({
      id: entry.id,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      note: entry.note,
      created: entry.createdAt.toISOString(),
    })),
    payments: paymentRows.map(toSupportPayment),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      created: s.createdAt.toISOString(),
      last_seen: s.lastSeenAt.toISOString(),
      expires: s.expiresAt.toISOString(),
    })),
    blocks: { blocked: blocked.map(brief), blocked_by: blockedBy.map(brief) },
    complaints: { by: complaintsBy.map(complaint), about: complaintsAbout.map(complaint) },
  };
}
