// GET /api/events.php: the member's event stream (server-sent events; issue 12, spec §3 chat state)
import { requestedLastEventId, requestedSince, serveEventStream } from '../../../events/event-stream';
import { AppError } from '../../../errors';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const streamEventsRoute = defineRoute('GET /api/events.php', {
  access: 'member',
  summary:
    'The viewer’s event stream (text/event-stream): new messages, read state, typing, likes and credits. ' +
    'Resumes after the `Last-Event-ID` header, or the `last_event_id` query of a tab that reopens it; ' +
    'a fresh stream with `since` (ms since the epoch: when its page was made) first replays what happened since.',
  response: {
    status: 200,
    description: 'Events, each with `event:` its type, `data:` ServerEventSchema as JSON, `id:` when stored',
    stream: 'text/event-stream',
  },
  cacheControl: 'no-cache, no-transform',
  headers: { 'X-Accel-Buffering': 'no' },
  handler: ({ viewer, c }) => {
    const sessionToken = readSessionCookie(c);
    if (!sessionToken) return Promise.reject(new AppError('authentication_required'));
    const lastEventId = requestedLastEventId(c.req.header('last-event-id'), c.req.query('last_event_id'));
    const since = requestedSince(c.req.query('since'));
    return Promise.resolve(
      serveEventStream(c, { memberId: viewer.userId, sessionToken, lastEventId, since }),
    );
  },
});
