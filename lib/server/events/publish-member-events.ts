import 'server-only';
import { messageBus } from '../bus/get-message-bus';
import { NOTIFY_PAYLOAD_LIMIT } from '../bus/postgres-bus';
import { MEMBER_EVENTS_CHANNEL, memberEventHub, type DeliveredEvent } from './hub';
import type { StoredServerEvent } from './member-events';

/** A stored event as it is published: its id, whose it is, and what it says. */
export interface PublishedMemberEvent {
  id: number;
  memberId: number;
  event: StoredServerEvent;
}

/** Room left in a NOTIFY for ids once the sender's frame is in (generous: ids are short). */
const ID_MESSAGE_BYTES = NOTIFY_PAYLOAD_LIMIT - 100;

/** `<memberId>:<eventId>` pairs, comma-separated, in messages that each fit a NOTIFY. */
export function idMessages(events: readonly PublishedMemberEvent[]): string[] {
  const messages: string[] = [];
  let current = '';
  for (const { memberId, id } of events) {
    const pair = `${memberId}:${id}`;
    if (current && current.length + 1 + pair.length > ID_MESSAGE_BYTES) {
      messages.push(current);
      current = '';
    }
    current = current ? `${current},${pair}` : pair;
  }
  if (current) messages.push(current);
  return messages;
}

/**
 * Hands events that have just been stored (their transaction committed) to every open stream of
 * their members: those of this instance at once, from memory, without reading the database again;
 * those of other instances through one message on the bus: on Redis (and in process) the events
 * themselves, as JSON; on PostgreSQL only their ids, and the receivers read those rows. A failed
 * publish is logged: the events are stored, and other instances' tabs get them on their next
 * resume or refresh.
 */
export function publishMemberEvents(events: readonly PublishedMemberEvent[]): void {
  if (events.length === 0) return;
  const hub = memberEventHub();
  for (const { id, memberId, event } of events) hub.deliver(memberId, { id, data: event });
  void publishToOtherInstances(events).catch((error: unknown) =>
    console.error('[events] publishing member events to other instances failed:', error),
  );
}

async function publishToOtherInstances(events: readonly PublishedMemberEvent[]): Promise<void> {
  const bus = await messageBus();
  if (bus.carriesPayloads) {
    const wire = events.map(({ memberId, id, event }) => [memberId, id, event]);
    await bus.publish(MEMBER_EVENTS_CHANNEL, JSON.stringify(wire));
    return;
  }
  for (const message of idMessages(events)) await bus.publish(MEMBER_EVENTS_CHANNEL, message);
}

/** Tells a member's open tabs, here and on every instance, that someone is typing to them. */
export async function publishTypingEvent(
  memberId: number,
  conversationId: number,
  typistId: number,
): Promise<void> {
  const event: DeliveredEvent = {
    id: null,
    data: { type: 'typing', conversation: conversationId, member: typistId },
  };
  memberEventHub().deliver(memberId, event);
  const bus = await messageBus();
  await bus.publish(MEMBER_EVENTS_CHANNEL, `${memberId}:typing:${conversationId}:${typistId}`);
}
