import 'server-only';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { ServerEventData } from '@/lib/shared/schemas/chat';
import { messageBus } from '../bus/get-message-bus';
import type { MessageBus } from '../bus/message-bus';
import { getDb } from '../db/client';
import { memberEvents } from '../db/schema/chat';
import { processSingleton } from '../global';

/**
 * The bus channel of member events. On PostgreSQL a message is ids only: `<memberId>:<eventId>`
 * pairs, comma-separated, for stored events (the receiver reads those rows); on Redis and in
 * process a message carries the events themselves, as JSON `[[memberId, eventId, event], ...]`.
 * Typing (never stored) is `<memberId>:typing:<conversationId>:<typistId>` on every transport.
 */
export const MEMBER_EVENTS_CHANNEL = 'member_events';

/** An event as a stream sends it: stored ones carry their id (for `Last-Event-ID`), typing none. */
export interface DeliveredEvent {
  id: number | null;
  data: ServerEventData;
}

/** Stored events one read of the hub brings at most (a stream that is further behind resyncs). */
export const HUB_READ_LIMIT = 500;
/** A failed read of a member's events is tried again after this long, doubling up to the most. */
const READ_RETRY_MS = 200;
const READ_RETRY_MAX_MS = 5_000;
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

/** Reads one id message (`<memberId>:<eventId>` or `<memberId>:typing:<conversation>:<typist>`). */
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

/** Reads a message that carries events (`[[memberId, eventId, event], ...]`); null when malformed. */
export function parseEventsMessage(payload: string): { memberId: number; event: DeliveredEvent }[] | null {
  let wire: unknown;
  try {
    wire = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!Array.isArray(wire)) return null;
  const events: { memberId: number; event: DeliveredEvent }[] = [];
  for (const item of wire) {
    if (!Array.isArray(item) || item.length !== 3) return null;
    const [memberId, id, data] = item as unknown[];
    if (!Number.isSafeInteger(memberId) || !Number.isSafeInteger(id) || (id as number) < 1) return null;
    if (typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string')
      return null;
    events.push({ memberId: memberId as number, event: { id: id as number, data: data as ServerEventData } });
  }
  return events;
}

/**
 * The process's one receiver of member events. Events stored by this instance are handed to it
 * from memory once their transaction commits (`deliver`); those of other instances arrive on the
 * bus it subscribes to once: with the events in the message (Redis, in process), or as ids, and
 * then for each member with open streams it reads the newly stored events (one read per member per
 * burst, whatever the number of that member's streams). Each stream gets what it has not sent.
 */
export class MemberEventHub {
  private readonly streams = new Map<number, Set<MemberStream>>();
  /** Members with notified events not read yet, and those ids. */
  private readonly pending = new Map<number, Set<number>>();
  private readonly reading = new Set<number>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  /** `bus`: the bus to hear other instances on (the process's own by default). */
  constructor(private readonly bus: () => Promise<MessageBus> = messageBus) {}

  /** Starts listening (once); resolves when notifications are heard. */
  private listen(): Promise<() => Promise<void>> {
    if (!this.listening) {
      this.listening = this.bus()
        .then((bus) => bus.subscribe(MEMBER_EVENTS_CHANNEL, (payload) => this.receive(payload)))
        .then((stop) => () => {
          stop();
          return Promise.resolve();
        });
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

  /** An event for a member's streams in this process, as it is (no read): sent now, to each once. */
  deliver(memberId: number, event: DeliveredEvent): void {
    const streams = this.streams.get(memberId);
    if (!streams) return;
    for (const stream of streams) stream.offer(event);
  }

  /**
   * One message of another instance: events it carries go out at once, and so does typing; stored
   * events named by id are read for their member soon.
   */
  receive(payload: string): void {
    if (payload.startsWith('[')) {
      for (const { memberId, event } of parseEventsMessage(payload) ?? []) this.deliver(memberId, event);
      return;
    }
    for (const part of payload.split(',')) this.receiveOne(part);
  }

  private receiveOne(payload: string): void {
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
  private async drain(memberId: number, failures = 0): Promise<void> {
    let retryIn = 0;
    for (let ids = this.pending.get(memberId); ids && !this.closed; ids = this.pending.get(memberId)) {
      this.pending.delete(memberId);
      const streams = [...(this.streams.get(memberId) ?? [])];
      if (!streams.length) continue;
      const since = Math.min(...streams.map((s) => s.lastId));
      let rows: Awaited<ReturnType<typeof readEvents>>;
      try {
        rows = await readEvents(memberId, since, [...ids]);
      } catch (error) {
        // The database is busy or away: the events wait in the table, and are read again soon.
        if (this.closed) break;
        if (failures === 0) console.error('[events] reading member events failed; retrying:', error);
        const again = this.pending.get(memberId) ?? new Set<number>();
        for (const id of ids) again.add(id);
        this.pending.set(memberId, again);
        retryIn = Math.min(READ_RETRY_MAX_MS, READ_RETRY_MS * 2 ** failures);
        break;
      }
      failures = 0;
      for (const stream of streams) {
        for (const row of rows) {
          if (stream.hasSent(row.id)) continue;
          if (row.id > stream.lastId || ids.has(row.id)) stream.offer(row);
        }
      }
    }
    if (this.closed) return;
    if (retryIn) {
      setTimeout(() => void this.drain(memberId, failures + 1), retryIn).unref();
      return;
    }
    this.reading.delete(memberId);
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

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const slotOf = () =>
  processSingleton<{ hub: MemberEventHub | null }>('member-event-hub', () => ({ hub: null }));

/** The process's hub, made on first use. */
export function memberEventHub(): MemberEventHub {
  const slot = slotOf();
  slot.hub ??= new MemberEventHub();
  return slot.hub;
}

/** Stops listening (shutdown); a later `memberEventHub()` makes a new hub. */
export async function closeMemberEventHub(): Promise<void> {
  const slot = slotOf();
  const hub = slot.hub;
  slot.hub = null;
  await hub?.close();
}
