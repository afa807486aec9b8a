import 'server-only';

/** A handler of the messages published on one channel. */
export type BusHandler = (payload: string) => void;

/**
 * Messages between the app's instances: "something changed, tell your own streams and drop your
 * caches". Delivery is at most once and only to instances listening at that moment; whatever must
 * survive is in the database first (the bus only says where to look, or carries a copy).
 *
 * Every message is framed with the sending instance's id (`<instanceId>|<payload>`), and an
 * instance never hands its own messages to its handlers: it has already acted on them locally.
 */
export interface MessageBus {
  /** Which transport carries the messages. */
  readonly kind: 'redis' | 'postgres' | 'memory';
  /** This instance's id, the frame of every message it publishes. */
  readonly instanceId: string;
  /**
   * Whether a message may be large (Redis, in process). PostgreSQL's NOTIFY takes at most ~8,000
   * bytes, so there a message names rows to read rather than carrying them.
   */
  readonly carriesPayloads: boolean;
  publish(channel: string, payload: string): Promise<void>;
  /** Starts hearing a channel; resolves once subscribed, with the function that stops it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => void>;
  /** Stops every subscription of this bus (shutdown). */
  close(): Promise<void>;
}

/** Channel names: the same on every transport (PostgreSQL accepts these unquoted). */
export const CHANNEL_NAME = /^[a-z_]{1,60}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid bus channel ${channel}`);
}

/** `<instanceId>|<payload>` */
export function frameMessage(instanceId: string, payload: string): string {
  return `${instanceId}|${payload}`;
}

/** The payload of a message from another instance; null for this instance's own, or no frame. */
export function unframeMessage(instanceId: string, message: string): string | null {
  const bar = message.indexOf('|');
  if (bar <= 0) return null;
  if (message.slice(0, bar) === instanceId) return null;
  return message.slice(bar + 1);
}

/**
 * Handlers per channel, shared by the transports: the first handler of a channel subscribes it,
 * and each message goes to every handler, a throwing one not stopping the others.
 */
export class ChannelHandlers {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  /** Adds a handler; answers whether it is the channel's first. */
  add(channel: string, handler: BusHandler): boolean {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** Removes a handler; answers whether the channel has none left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.handlers.keys()];
  }

  clear(): void {
    this.handlers.clear();
  }

  deliver(channel: string, payload: string): void {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`[bus] a handler of ${channel} failed:`, error);
      }
    }
  }
}
