import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { smsOutbox } from '../db/schema/payments';
import { getSmsSender } from './get-sms-sender';

/**
 * Records a text message in sms_outbox and hands it to the configured sender; the row notes when
 * it was sent or why it failed. A failed delivery throws (the caller's request fails with it).
 */
export async function sendSms(message: {
  to: string;
  text: string;
}): Promise<{ outboxId: number; sent: boolean }> {
  const db = await getDb();
  const [row] = await db
    .insert(smsOutbox)
    .values({ toNumber: message.to, text: message.text })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('no sms_outbox row inserted');
  try {
    const sent = await getSmsSender().deliver({ outboxId: row.id, to: message.to, text: message.text });
    if (sent) await db.update(smsOutbox).set({ sentAt: new Date() }).where(eq(smsOutbox.id, row.id));
    return { outboxId: row.id, sent };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(smsOutbox)
      .set({ error: reason.slice(0, 500) })
      .where(eq(smsOutbox.id, row.id));
    throw error;
  }
}
