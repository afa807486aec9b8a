import 'server-only';
import { sql } from 'drizzle-orm';
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { afterCommit } from '../db/after-commit';
import type { Tx } from '../db/client';
import { memberEvents } from '../db/schema/chat';
import { publishMemberEvents, publishTypingEvent } from './publish-member-events';

export { MEMBER_EVENTS_CHANNEL } from './hub';

/** Events that are stored (and so can be resumed with `Last-Event-ID`). */
export type StoredServerEvent = Exclude<ServerEventData, { type: 'typing' }>;

/**
 * Records events for members' open tabs in the caller's transaction, in one statement. Once the
 * transaction commits they go to the members' streams on this instance straight from memory, and
 * once over the bus to every other instance; a rolled-back change tells nobody anything. Answers
 * the events' ids in the order given.
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
    insert into ${memberEvents} (member_id, type, payload) values ${values} returning id`)) as {
    rows: { id: string | number }[];
  };
  // Ids of one insert follow the order of its rows.
  const ids = result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  if (ids.length !== events.length) throw new Error(`${events.length} member events, ${ids.length} stored`);
  const stored = events.map((event, index) => ({ ...event, id: ids[index] ?? 0 }));
  afterCommit(tx, () => publishMemberEvents(stored));
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
  await publishTypingEvent(memberId, conversationId, typistId);
}
