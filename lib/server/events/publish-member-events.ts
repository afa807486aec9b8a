import 'server-only';
import { database } from '../db/client';
import { MEMBER_EVENTS_CHANNEL, type StoredServerEvent } from './member-events';

/**
 * Tells every instance's open streams of events already stored and committed (a chat send writes
 * its events in one statement and publishes them here once it has returned): one NOTIFY per event on
 * `MEMBER_EVENTS_CHANNEL` with the payload `<memberId>:<eventId>`, all in one statement. Fire and
 * forget: a lost notice is caught up by the stream's refresh and `Last-Event-ID` resume.
 */
export function publishMemberEvents(
  events: readonly { id: number; memberId: number; event: StoredServerEvent }[],
): void {
  if (events.length === 0) return;
  const payloads = events.map(({ memberId, id }) => `${memberId}:${id}`).join(',');
  void database()
    .then((handle) =>
      handle.prepared(
        'publish_member_events',
        'select pg_notify($1, payload) from unnest(string_to_array($2, \',\')) as payload',
        [MEMBER_EVENTS_CHANNEL, payloads],
      ),
    )
    .catch((error: unknown) => {
      console.error('[events] publishing member events failed:', error instanceof Error ? error.message : error);
    });
}
