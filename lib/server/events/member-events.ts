import 'server-only';
import { sql } from 'drizzle-orm';
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { database, type Tx } from '../db/client';
import { memberEvents } from '../db/schema/chat';

/**
 * The NOTIFY channel of member events. A payload is ids only: `<memberId>:<eventId>` for a stored
 * event, `<memberId>:typing:<conversationId>:<typistId>` for the typing indicator (not stored).
 */
export const MEMBER_EVENTS_CHANNEL = 'member_events';

/** Events that are stored (and so can be resumed with `Last-Event-ID`). */
export type StoredServerEvent = Exclude<ServerEventData, { type: 'typing' }>;

/**
 * Records an event for a member's open tabs in the caller's transaction. The NOTIFY is part of the
 * transaction, so PostgreSQL (and PGlite) deliver it only when the transaction commits, to every
 * instance that listens; a rolled-back change tells nobody anything.
 */
export async function recordMemberEvent(tx: Tx, memberId: number, event: StoredServerEvent): Promise<number> {
  const [row] = await tx
    .insert(memberEvents)
    .values({ memberId, type: event.type, payload: event as Record<string, unknown> })
    .returning({ id: memberEvents.id });
  if (!row) throw new Error(`Event for member ${memberId} not stored`);
  await tx.execute(sql`select pg_notify(${MEMBER_EVENTS_CHANNEL}, ${`${memberId}:${row.id}`})`);
  return row.id;
}

/** Tells a member's open tabs that someone is typing to them (not stored: missed is missed). */
export async function sendTypingEvent(
  memberId: number,
  conversationId: number,
  typistId: number,
): Promise<void> {
  const handle = await database();
  await handle.notify(MEMBER_EVENTS_CHANNEL, `${memberId}:typing:${conversationId}:${typistId}`);
}
