// The tab's event stream (`GET /api/events.php`, server-sent events): what the server tells a
// logged-in member's tab at once (messages, read state, typing, likes, credits). One per tab; it
// reconnects with its own back-off and resumes after the last event it got.
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { EVENTS_MAX_BACKOFF_MS } from '@/lib/shared/values/chat';

export const EVENTS_URL = '/api/events.php';
/**
 * A page opens its stream this long after it has loaded, so that loading ends with the network at
 * rest (tools that wait for that, such as Lighthouse and screenshot runs, would wait forever).
 */
export const EVENTS_OPEN_DELAY_MS = 1_000;
/** The first reconnect waits about this long; each failed one doubles it, up to EVENTS_MAX_BACKOFF_MS. */
export const EVENTS_FIRST_BACKOFF_MS = 1_000;

/** Every event type the stream sends (each is an SSE `event:` name). */
const EVENT_TYPES = [
  'message',
  'read',
  'chat-read',
  'typing',
  'chats-changed',
  'likes-changed',
  'credits-changed',
  'payment-updated',
] as const satisfies readonly ServerEventData['type'][];
// A type the server adds must be listened to here too.
type Unlistened = Exclude<ServerEventData['type'], (typeof EVENT_TYPES)[number]>;
const everyTypeListened: Unlistened extends never ? true : false = true;
void everyTypeListened;

/** What the stream needs of the browser's EventSource (a fake in tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface EventStreamOptions {
  /** Each event the server sends, in order. */
  onEvent: (event: ServerEventData) => void;
  /**
   * Asked when a connection failed before it opened: whether the member's session has ended (the
   * stream answers 403 `authentication_required` then, which EventSource does not show).
   */
  isLoggedOut: () => Promise<boolean>;
  /** The session has ended: the stream stays closed. */
  onLoggedOut: () => void;
  createEventSource?: (url: string) => EventSourceLike;
  /** A number in [0, 1) for the back-off's jitter. */
  random?: () => number;
  /**
   * When the page's data was read (ms since the epoch, the server's clock): the first connection
   * asks for what happened since, so nothing between the page and its stream is missed.
   */
  since?: number;
}

/** Delay before reconnect number `attempt` (1-based): doubling from 1 s up to the maximum, jittered. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(EVENTS_MAX_BACKOFF_MS, EVENTS_FIRST_BACKOFF_MS * 2 ** (attempt - 1));
  // Half fixed, half random: tabs that lost the server together do not come back together.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Opens the stream and keeps it open until `close()`. When it ends or fails, the EventSource is
 * closed and a new one opened after the back-off (so the back-off is the tab's, not the browser's),
 * naming the last event id received in the query, since a new EventSource does not send it.
 */
export function openEventStream(options: EventStreamOptions): { close: () => void } {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url));
  const random = options.random ?? Math.random;
  let source: EventSourceLike | null = null;
  let lastEventId = '';
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = () => {
    if (closed) return;
    const url = lastEventId
      ? `${EVENTS_URL}?last_event_id=${encodeURIComponent(lastEventId)}`
      : options.since !== undefined
        ? `${EVENTS_URL}?since=${Math.floor(options.since)}`
        : EVENTS_URL;
    const current = create(url);
    source = current;
    let opened = false;
    current.onopen = () => {
      opened = true;
      failures = 0;
    };
    const receive = (event: MessageEvent<string>) => {
      if (source !== current) return;
      if (event.lastEventId) lastEventId = event.lastEventId;
      // A frame with an id and no data only says where the stream stands.
      if (!event.data) return;
      try {
        options.onEvent(JSON.parse(event.data) as ServerEventData);
      } catch {
        // Not JSON: nothing a tab can use.
      }
    };
    for (const type of EVENT_TYPES) current.addEventListener(type, receive);
    current.onerror = () => {
      if (source !== current || closed) return;
      current.close();
      source = null;
      failures += 1;
      const wait = () => {
        if (closed) return;
        timer = setTimeout(connect, reconnectDelay(failures, random));
      };
      if (opened) {
        wait();
        return;
      }
      // Refused before it opened: a session that ended ends the stream for good.
      void options
        .isLoggedOut()
        .catch(() => false)
        .then((loggedOut) => {
          if (closed) return;
          if (loggedOut) {
            closed = true;
            options.onLoggedOut();
          } else {
            wait();
          }
        });
    };
  };

  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
