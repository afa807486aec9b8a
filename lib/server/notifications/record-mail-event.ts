import 'server-only';
import { sql } from 'drizzle-orm';
import type { EmailStopReason } from '@/lib/shared/values/notifications';
import { getDb, type Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { mailEvents } from '../db/schema/notifications';

/** A report from the mail service or an operator about an address. */
export type MailEventType = 'bounce' | 'complaint';

const REASON: Record<MailEventType, EmailStopReason> = { bounce: 'bounce', complaint: 'spam_complaint' };
/** A stronger reason is kept when a weaker one arrives: a complaint outweighs a bounce, both an unsubscribe. */
const WEIGHT: Record<EmailStopReason, number> = { unsubscribe: 1, bounce: 2, spam_complaint: 3 };
const weightOf = (current: string | null) =>
  current && current in WEIGHT ? WEIGHT[current as EmailStopReason] : 0;

export interface RecordMailEventOptions {
  type: MailEventType;
  email: string;
  source: 'webhook' | 'operator';
  /** What the report said (provider ids, the bounce's text), kept for the record. */
  detail?: Record<string, unknown>;
  /**
   * Whether notification mail stops (default true). A temporary bounce (a full mailbox) is recorded
   * but stops nothing.
   */
  stops?: boolean;
  now?: Date;
  /** Records inside this transaction (it commits or rolls back with it). */
  tx?: Tx;
}

/**
 * Records a bounce or spam complaint for an address and stops every notification mail to the
 * member who has it (`email_stopped_reason` 'bounce' or 'spam_complaint', with the time); the
 * member is told on their next visit and can switch mail back on. An address without a member is
 * recorded all the same. Answers the member's id, if any.
 */
export async function recordMailEvent(options: RecordMailEventOptions): Promise<{ userId: number | null }> {
  const now = options.now ?? new Date();
  const email = options.email.trim();
  const reason = REASON[options.type];
  const record = async (tx: Tx) => {
    const [member] = await tx
      .select({ id: users.id, reason: users.emailStoppedReason })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .for('update');
    await tx.insert(mailEvents).values({
      type: options.type,
      email,
      userId: member?.id ?? null,
      source: options.source,
      detail: options.detail ?? {},
      receivedAt: now,
    });
    if (member && options.stops !== false && weightOf(member.reason) <= WEIGHT[reason]) {
      await tx
        .update(users)
        .set({ emailStoppedReason: reason, emailStoppedAt: now })
        .where(sql`${users.id} = ${member.id}`);
    }
    return { userId: member?.id ?? null };
  };
  if (options.tx) return record(options.tx);
  const db = await getDb();
  return db.transaction(record);
}
