import 'server-only';
import { and, asc, eq, gte, max } from 'drizzle-orm';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { z } from 'zod';
import { EVENTS_HEARTBEAT_MS, type ServerEventData } from '@/lib/shared/schemas/chat';
import { findSessionUser } from '../auth/sessions';
import { getCreditBalance } from '../credits/get-credit-balance';
import { getDb } from '../db/client';
import { memberEvents } from '../db/schema/chat';
import { memberEventHub, MemberStream, type DeliveredEvent } from './hub';

/** Missed events a resuming stream replays at most; a larger gap is answered with a resync. */
export const EVENTS_REPLAY_LIMIT = 500;
/** How long a browser's own reconnect waits (the app's tabs reconnect on their own back-off). */
export const EVENTS_RETRY_MS = 1_000;

/** Frames waiting for a client that does not read before its stream is ended. */
const EVENTS_QUEUE_LIMIT = 1_000;

/** `Last-Event-ID` (or the `last_event_id` query of a tab that reopens its stream): an event id. */
const LastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The event id a request resumes after, or null for a fresh stream (anything unreadable is none). */
export function requestedLastEventId(header: string | undefined, query: string | undefined): number | null {
  for (const value of [header, query]) {
    if (value === undefined || value.trim() === '') continue;
    const parsed = LastEventIdSchema.safeParse(value.trim());
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * A fresh stream may name the moment its page's data was read (`since`, milliseconds since the
 * epoch): what happened from then until the stream opened (a page loads, then opens its stream a
 * moment later) is replayed. Events are dated by their transaction's start, which may be a little
 * before its commit, and by the database's clock: the replay reaches back this much further.
 * Replayed events the page already shows change nothing (each applies idempotently).
 */
const EVENTS_SINCE_MARGIN_MS = 2_000;
/** A `since` further back than this is not a page's: the stream starts fresh instead. */
const EVENTS_SINCE_MAX_AGE_MS = 10 * 60_000;
/** How far ahead of this server's clock a `since` may be (another machine's clock) and still count. */
const EVENTS_SINCE_CLOCK_SKEW_MS = 60_000;

/** The `since` of a fresh stream, or null when absent, unreadable, in the future or too old. */
export function requestedSince(query: string | undefined, now = Date.now()): number | null {
  if (query === undefined || query.trim() === '') return null;
  const parsed = z.coerce.number().int().safeParse(query.trim());
  if (!parsed.success) return null;
  const since = parsed.data;
  return since > now + EVENTS_SINCE_CLOCK_SKEW_MS || since < now - EVENTS_SINCE_MAX_AGE_MS ? null : since;
}

export interface ResumePoint {
  /** The newest stored event id the stream has covered once `replay` is sent. */
  position: number;
  replay: DeliveredEvent[];
}

/**
 * Where a member's stream starts. A fresh stream starts at the member's newest event (nothing is
 * replayed), or, when it names `since`, replays the events from then on. A resuming one gets every
 * event after the one it names, in order; when those cannot all be replayed (more than the limit, or
 * the named event is gone: older than the events are kept) it gets one resync instead: the
 * conversations and likes to read again, and the current credits.
 */
export async function resumePoint(
  memberId: number,
  lastEventId: number | null,
  since: number | null = null,
): Promise<ResumePoint> {
  const db = await getDb();
  const newest = async () =>
    (
      await db
        .select({ id: max(memberEvents.id) })
        .from(memberEvents)
        .where(eq(memberEvents.memberId, memberId))
    )[0]?.id ?? 0;
  if (lastEventId === null && since !== null) {
    const recent = await db
      .select({ id: memberEvents.id, payload: memberEvents.payload })
      .from(memberEvents)
      .where(
        and(
          eq(memberEvents.memberId, memberId),
          gte(memberEvents.createdAt, new Date(since - EVENTS_SINCE_MARGIN_MS)),
        ),
      )
      .orderBy(asc(memberEvents.id))
      .limit(EVENTS_REPLAY_LIMIT + 1);
    if (recent.length <= EVENTS_REPLAY_LIMIT) {
      return {
        position: recent.at(-1)?.id ?? (await newest()),
        replay: recent.map((row) => ({ id: row.id, data: row.payload as ServerEventData })),
      };
    }
    return resync(memberId, await newest());
  }
  if (lastEventId === null) return { position: await newest(), replay: [] };

  const rows = await db
    .select({ id: memberEvents.id, payload: memberEvents.payload })
    .from(memberEvents)
    .where(and(eq(memberEvents.memberId, memberId), gte(memberEvents.id, lastEventId)))
    .orderBy(asc(memberEvents.id))
    .limit(EVENTS_REPLAY_LIMIT + 2);
  // Id 0 is where a member without events started; any other id must still be there.
  const isKnown = lastEventId === 0 || rows[0]?.id === lastEventId;
  const missed = rows.filter((row) => row.id > lastEventId);
  if (isKnown && missed.length <= EVENTS_REPLAY_LIMIT) {
    return {
      position: missed.at(-1)?.id ?? lastEventId,
      replay: missed.map((row) => ({ id: row.id, data: row.payload as ServerEventData })),
    };
  }
  return resync(memberId, await newest());
}

/** The start of a stream that cannot replay what it missed: read everything again. */
async function resync(memberId: number, position: number): Promise<ResumePoint> {
  const credits = await getCreditBalance({ userId: memberId });
  return {
    position,
    replay: [
      { id: null, data: { type: 'chats-changed' } },
      { id: null, data: { type: 'likes-changed' } },
      // The last one moves the tab's resume point to the newest event.
      { id: position || null, data: { type: 'credits-changed', credits } },
    ],
  };
}

/** Each event's frame, made once and shared by every stream the event goes to. */
const frames = new WeakMap<DeliveredEvent, string>();

/** One SSE frame: `id:` (stored events), `event:` the type, `data:` the event as JSON. */
export function frame(event: DeliveredEvent): string {
  let text = frames.get(event);
  if (text === undefined) {
    const id = event.id === null ? '' : `id: ${event.id}\n`;
    text = `${id}event: ${event.data.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    frames.set(event, text);
  }
  return text;
}

/**
 * The writes of one stream: frames given within one tick go out as one write, one write after
 * another; a failed write (the client left) ends the stream, and so does a client that stops
 * reading (more than EVENTS_QUEUE_LIMIT frames waiting): it resumes from its last event when it
 * reconnects.
 */
export class CoalescedWriter {
  private batch: string[] = [];
  private scheduled = false;
  private waiting = 0;
  private writing = Promise.resolve();

  constructor(
    private readonly writeText: (text: string) => Promise<void>,
    private readonly end: () => void,
    private readonly limit = EVENTS_QUEUE_LIMIT,
  ) {}

  write(text: string): void {
    if (++this.waiting > this.limit) this.end();
    this.batch.push(text);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Sends what was given so far as one write; resolves once every write so far is done. */
  flush(): Promise<void> {
    this.scheduled = false;
    if (this.batch.length > 0) {
      const count = this.batch.length;
      const text = this.batch.length === 1 ? (this.batch[0] ?? '') : this.batch.join('');
      this.batch = [];
      this.writing = this.writing
        .then(() => this.writeText(text))
        .catch(() => this.end())
        .finally(() => {
          this.waiting -= count;
        });
    }
    return this.writing;
  }
}

/**
 * Serves a member's event stream (`GET /api/events.php`) until the client goes away or the session
 * ends. Every EVENTS_HEARTBEAT_MS a comment keeps proxies from closing the idle connection, and
 * the session is checked again: once it has ended (logout elsewhere, expiry, deletion) the stream
 * ends, and the tab's reconnect is refused as logged out.
 */
export function serveEventStream(
  c: Context,
  options: { memberId: number; sessionToken: string; lastEventId: number | null; since?: number | null },
): Response {
  const { memberId, sessionToken } = options;
  return streamSSE(c, async (sse) => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    sse.onAbort(end);
    const writer = new CoalescedWriter((text) => writeOrEnd(sse, text, end), end);
    const write = (text: string) => writer.write(text);
    const stream = new MemberStream(memberId, (event) => write(frame(event)));
    const unregister = await memberEventHub().register(stream);
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    try {
      write(`retry: ${EVENTS_RETRY_MS}\n\n`);
      const start = await resumePoint(memberId, options.lastEventId, options.since ?? null);
      // A stream whose start sends no id (nothing missed, or a resync of a member without events)
      // still learns where it stands, for its resume: an id with empty data, of no event type.
      if (!start.replay.at(-1)?.id) write(`id: ${start.position}\ndata:\n\n`);
      stream.open(start.position, start.replay);
      let checking = false;
      heartbeat = setInterval(() => {
        if (checking) return;
        checking = true;
        write(': ping\n\n');
        void findSessionUser({ token: sessionToken })
          .then((session) => {
            if (session?.userId !== memberId) end();
          })
          .catch(() => undefined)
          .finally(() => {
            checking = false;
          });
      }, EVENTS_HEARTBEAT_MS);
      if (!sse.aborted) await ended;
    } finally {
      clearInterval(heartbeat);
      unregister();
      await writer.flush();
    }
  });
}

async function writeOrEnd(sse: SSEStreamingApi, text: string, end: () => void): Promise<void> {
  if (sse.aborted || sse.closed) return;
  try {
    await sse.write(text);
  } catch {
    end();
  }
}
