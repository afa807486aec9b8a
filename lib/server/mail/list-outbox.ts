import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { extractLinks } from './extract-links';

/** A mail as the outbox shows it. */
export interface OutboxMail {
  id: number;
  to: string;
  kind: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers it was sent with (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
  /** The web links in the text body, for clicking through a flow. */
  links: string[];
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

export interface ListOutboxOptions {
  /** Only mail to this address (compared without regard to case). */
  to?: string;
  /** At most this many mails (1–200, default 50). */
  limit?: number;
}

/** The newest mails first. */
export async function listOutbox(options: ListOutboxOptions = {}): Promise<OutboxMail[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 200);
  const to = options.to?.trim();
  const db = await getDb();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    kind: row.kind,
    locale: row.locale,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    links: extractLinks(row.text),
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    error: row.error,
  }));
}
