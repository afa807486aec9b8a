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
 * Records events for members' open tabs in the caller's transaction, in one statement: the rows and
 * their NOTIFYs. The NOTIFY is part of the transaction, so PostgreSQL (and PGlite) deliver it only
 * when the transaction commits, to every instance that listens; a rolled-back change tells nobody
 * anything. Answers the events' ids in the order given.
 */
export async function recordMemberEvents(
  tx: Tx,
  events: readonly { memberId: number; event: StoredServerEvent }[],
): Promise<number[]> {
  if (events.length === 0) return [];
  const values = sql.join(
    events.map(({ memberId, event }) => sql`(${memberId}, ${event.type}, ${JSON.stringify(event)}::jsonb)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with stored as (
      insert into ${memberEvents} (member_id, type, payload) values ${values} returning id, member_id
    )
    select id, pg_notify(${MEMBER_EVENTS_CHANNEL}, member_id::text || ':' || id::text) from stored order by id`)) as {
    rows: { id: string | number }[];
  };
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length !== events.length) throw new Error(`${events.length} member events, ${ids.length} stored`);
  return ids;
}

/** Records one event for a member's open tabs in the caller's transaction (see `recordMemberEvents`). */
export async function recordMemberEvent(tx: Tx, memberId: number, event: StoredServerEvent): Promise<number> {
  const [id] = await recordMemberEvents(tx, [{ memberId, event }]);
  if (id === undefined) throw new Error(`Event for member ${memberId} not stored`);
  return id;
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
