// Plain values of the chat's API contract (no zod), for the browser. The schemas in
// lib/shared/schemas/chat.ts build on them and re-export them, so server code may import either.

export { FREE_CONVERSATION_LIMIT } from '../constants';

/** What a message carries (`removed`: the sender's account was purged, and the content with it). */
export const CHAT_MESSAGE_KINDS = ['text', 'gift', 'gif', 'photo', 'removed'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

/** Messages one `GET /api/chat.php` brings (older ones page with `before`). */
export const CHAT_PAGE_SIZE = 50;

/** Messages older than this many days are neither shown nor served (spec §6), unless configured. */
export const CHAT_HISTORY_DAYS_DEFAULT = 180;

/** Conversations `GET /api/chats.php` lists at most (newest first). */
export const CHATS_LIST_LIMIT = 1000;

/** A member sends at most this many messages a minute (any kind), against spam. */
export const CHAT_MESSAGES_PER_MINUTE = 30;

/** Typing is told to the other member at most once per this many milliseconds, and shown this long. */
export const TYPING_THROTTLE_MS = 3_000;
export const TYPING_SHOWN_MS = 6_000;

/** The server-sent-events stream sends a heartbeat comment this often. */
export const EVENTS_HEARTBEAT_MS = 20_000;
/** A tab reconnects after a dropped stream with exponential back-off from 1 s up to this. */
export const EVENTS_MAX_BACKOFF_MS = 30_000;
/** Events are kept this long for streams that resume with `Last-Event-ID`. */
export const EVENTS_KEEP_HOURS = 24;

/** Largest chat photo upload, in bytes. */
export const CHAT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** GIF search: longest query, and results per page. */
export const GIF_QUERY_MAX = 50;
export const GIF_PAGE_SIZE = 24;
