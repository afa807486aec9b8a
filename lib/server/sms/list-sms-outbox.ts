import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { smsOutbox } from '../db/schema/payments';

/** A text message as the outbox shows it. */
export interface OutboxSms {
  id: number;
  to: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

/** The newest text messages first (optionally to one number, E.164), at most `limit` (1–200, default 50). */
export async function listSmsOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxSms[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 200);
  const to = options.to?.trim();
  const db = await getDb();
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(to ? eq(smsOutbox.toNumber, to) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toNumber,
    text: row.text,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    error: row.error,
  }));
}
