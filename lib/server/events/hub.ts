import 'server-only';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { database, getDb } from '../db/client';
import { memberEvents } from '../db/schema/chat';
import { processSingleton } from '../global';
import { MEMBER_EVENTS_CHANNEL } from './member-events';

/** An event as a stream sends it: stored ones carry their id (for `Last-Event-ID`), typing none. */
export interface DeliveredEvent {
  id: number | null;
  data: ServerEventData;
}

/** Stored events one read of the hub brings at most (a stream that is further behind resyncs). */
export const HUB_READ_LIMIT = 500;
/** Ids a stream remembers having sent, so an event that commits late is sent once. */
const RECENT_IDS = 256;

/**
 * One open event stream of a member, as the hub sees it. It starts held: events the hub delivers
 * are kept until `open` has sent what the stream replays, then go out in order, each id once.
 */
export class MemberStream {
  /** The newest stored event id this stream has sent (or starts after). */
  lastId: number;
  private readonly recent = new Set<number>();
  private held: DeliveredEvent[] | null = [];

  constructor(
    readonly memberId: number,
    private readonly send: (event: DeliveredEvent) => void,
    /** Where the stream starts, when known; until `open`, the hub reads only the events it is told of. */
    startAfter = Number.MAX_SAFE_INTEGER,
  ) {
    this.lastId = startAfter;
  }

  /** Whether the stored event with this id has gone out already. */
  hasSent(id: number): boolean {
    return this.recent.has(id);
  }

  /** Takes an event from the hub: sent now, or after the replay when the stream is not open yet. */
  offer(event: DeliveredEvent): void {
    if (this.held) {
      this.held.push(event);
      return;
    }
    this.emit(event);
  }

  /** Sends the replayed events, then what arrived meanwhile; from now on events go out at once. */
  open(position: number, replay: readonly DeliveredEvent[]): void {
    this.lastId = position;
    for (const event of replay) this.emit(event);
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.emit(event);
  }

  private emit(event: DeliveredEvent): void {
    if (event.id !== null) {
      if (this.recent.has(event.id)) return;
      this.recent.add(event.id);
      if (this.recent.size > RECENT_IDS) {
        const oldest = this.recent.values().next().value;
        if (oldest !== undefined) this.recent.delete(oldest);
      }
      if (event.id > this.lastId) this.lastId = event.id;
    }
    this.send(event);
  }
}

type ParsedPayload =
  | { kind: 'stored'; memberId: number; eventId: number }
  | { kind: 'typing'; memberId: number; conversation: number; typist: number };

const ID = /^[1-9][0-9]{0,15}$/;

/** Reads a NOTIFY payload (`<memberId>:<eventId>` or `<memberId>:typing:<conversation>:<typist>`). */
export function parsePayload(payload: string): ParsedPayload | null {
  const parts = payload.split(':');
  if (parts.length === 2 && parts.every((p) => ID.test(p))) {
    return { kind: 'stored', memberId: Number(parts[0]), eventId: Number(parts[1]) };
  }
  if (
    parts.length === 4 &&
    parts[1] === 'typing' &&
    [parts[0], parts[2], parts[3]].every((p) => ID.test(p ?? ''))
  ) {
    return {
      kind: 'typing',
      memberId: Number(parts[0]),
      conversation: Number(parts[2]),
      typist: Number(parts[3]),
    };
  }
  return null;
}

/**
 * The process's one listener of member events: it LISTENs once on the database, and for each member
 * with open streams reads the newly stored events (one read per member per burst of notifications,
 * whatever the number of that member's streams) and hands each stream what it has not sent.
 * On PostgreSQL every instance listening gets every notification, so streams on any instance hear
 * of events recorded on any other.
 */
export class MemberEventHub {
  private readonly streams = new Map<number, Set<MemberStream>>();
  /** Members with notified events not read yet, and those ids. */
  private readonly pending = new Map<number, Set<number>>();
  private readonly reading = new Set<number>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  /** Starts listening (once); resolves when notifications are heard. */
  private listen(): Promise<() => Promise<void>> {
    if (!this.listening) {
      this.listening = database().then((handle) =>
        handle.listen(MEMBER_EVENTS_CHANNEL, (payload) => this.receive(payload)),
      );
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  /** Adds a stream; answers the function that removes it. Events committed from now on reach it. */
  async register(stream: MemberStream): Promise<() => void> {
    if (this.closed) throw new Error('The event hub is closed');
    await this.listen();
    let set = this.streams.get(stream.memberId);
    if (!set) {
      set = new Set();
      this.streams.set(stream.memberId, set);
    }
    set.add(stream);
    return () => {
      const current = this.streams.get(stream.memberId);
      current?.delete(stream);
      if (current?.size === 0) this.streams.delete(stream.memberId);
    };
  }

  /** Open streams in this process (for the benchmark's and the tests' eyes). */
  get streamCount(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** One notification: typing goes out at once; a stored event is read for the member soon. */
  receive(payload: string): void {
    const parsed = parsePayload(payload);
    if (!parsed) return;
    const streams = this.streams.get(parsed.memberId);
    if (!streams?.size) return;
    if (parsed.kind === 'typing') {
      const event: DeliveredEvent = {
        id: null,
        data: { type: 'typing', conversation: parsed.conversation, member: parsed.typist },
      };
      for (const stream of streams) stream.offer(event);
      return;
    }
    let ids = this.pending.get(parsed.memberId);
    if (!ids) {
      ids = new Set();
      this.pending.set(parsed.memberId, ids);
    }
    ids.add(parsed.eventId);
    if (this.reading.has(parsed.memberId)) return;
    this.reading.add(parsed.memberId);
    // Notifications that arrive together (a burst) are read together.
    setImmediate(() => void this.drain(parsed.memberId));
  }

  /** Reads and hands out a member's new events until no notification of theirs is pending. */
  private async drain(memberId: number): Promise<void> {
    try {
      for (let ids = this.pending.get(memberId); ids; ids = this.pending.get(memberId)) {
        this.pending.delete(memberId);
        const streams = [...(this.streams.get(memberId) ?? [])];
        if (!streams.length) continue;
        const since = Math.min(...streams.map((s) => s.lastId));
        const rows = await readEvents(memberId, since, [...ids]);
        for (const stream of streams) {
          for (const row of rows) {
            if (stream.hasSent(row.id)) continue;
            if (row.id > stream.lastId || ids.has(row.id)) stream.offer(row);
          }
        }
      }
    } catch (error) {
      if (!this.closed) console.error('[events] reading member events failed:', error);
    } finally {
      this.reading.delete(memberId);
      // A notification that came in after the last read but before this point.
      if (this.pending.has(memberId) && !this.closed) {
        this.reading.add(memberId);
        setImmediate(() => void this.drain(memberId));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.streams.clear();
    this.pending.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.();
  }
}

/** A member's stored events newer than `since`, and those named (committed later than newer ones). */
async function readEvents(
  memberId: number,
  since: number,
  ids: number[],
): Promise<(DeliveredEvent & { id: number })[]> {
  const db = await getDb();
  const newer = gt(memberEvents.id, since);
  const rows = await db
    .select({ id: memberEvents.id, payload: memberEvents.payload })
    .from(memberEvents)
    .where(
      and(eq(memberEvents.memberId, memberId), ids.length ? or(newer, inArray(memberEvents.id, ids)) : newer),
    )
    .orderBy(asc(memberEvents.id))
    .limit(HUB_READ_LIMIT);
  return rows.map((row) => ({ id: row.id, data: row.payload as ServerEventData }));
}

const slot = processSingleton<{ hub: MemberEventHub | null }>('member-event-hub', () => ({ hub: null }));

/** The process's hub, made on first use. */
export function memberEventHub(): MemberEventHub {
  slot.hub ??= new MemberEventHub();
  return slot.hub;
}

/** Stops listening (shutdown); a later `memberEventHub()` makes a new hub. */
export async function closeMemberEventHub(): Promise<void> {
  const hub = slot.hub;
  slot.hub = null;
  await hub?.close();
}
