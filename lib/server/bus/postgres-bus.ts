import 'server-only';
import type { DatabaseHandle, NotifyMessage } from '../db/client';
import { assertChannel, ChannelHandlers, frameMessage, unframeMessage, type MessageBus } from './message-bus';

/** What one NOTIFY carries at most (PostgreSQL's limit is 8,000 bytes, the frame included). */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;
/** NOTIFYs sent in one statement at most (≤ 790 kB of payloads). */
const NOTIFY_BATCH = 100;

interface Pending extends NotifyMessage {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The bus when PostgreSQL is the only shared service: LISTEN on the handle's one listening
 * connection, NOTIFY through the pool after the change committed. Messages stay tiny (ids).
 *
 * Every commit that notifies takes a lock shared by the whole database cluster, so the messages
 * published within one tick of the event loop (by every request answered in it) go out together:
 * one statement, one commit, delivered in the order they were published. (PostgreSQL hands on
 * identical messages of one transaction once: every message here says "this changed", so once is
 * enough.)
 */
export function createPostgresBus(options: {
  instanceId: string;
  handle: () => Promise<DatabaseHandle>;
}): MessageBus {
  const { instanceId } = options;
  const handlers = new ChannelHandlers();
  const stops = new Map<string, Promise<() => Promise<void>>>();
  let pending: Pending[] = [];
  const send = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    for (let at = 0; at < batch.length; at += NOTIFY_BATCH) {
      const part = batch.slice(at, at + NOTIFY_BATCH);
      try {
        await (await options.handle()).notify(part);
        for (const message of part) message.resolve();
      } catch (error) {
        for (const message of part) message.reject(error);
      }
    }
  };
  return {
    kind: 'postgres',
    instanceId,
    carriesPayloads: false,
    publish: async (channel, payload) => {
      assertChannel(channel);
      const message = frameMessage(instanceId, payload);
      if (Buffer.byteLength(message) > NOTIFY_PAYLOAD_LIMIT) {
        throw new Error(`A message of ${Buffer.byteLength(message)} bytes is too large for NOTIFY`);
      }
      await new Promise<void>((resolve, reject) => {
        pending.push({ channel, payload: message, resolve, reject });
        if (pending.length === 1) setImmediate(() => void send());
      });
    },
    subscribe: async (channel, handler) => {
      assertChannel(channel);
      handlers.add(channel, handler);
      let listening = stops.get(channel);
      if (!listening) {
        listening = options.handle().then((handle) =>
          handle.listen(channel, (message) => {
            const payload = unframeMessage(instanceId, message);
            if (payload !== null) handlers.deliver(channel, payload);
          }),
        );
        stops.set(channel, listening);
        listening.catch(() => stops.delete(channel));
      }
      try {
        await listening;
      } catch (error) {
        handlers.remove(channel, handler);
        throw error;
      }
      return () => {
        handlers.remove(channel, handler);
      };
    },
    close: async () => {
      handlers.clear();
      const all = [...stops.values()];
      stops.clear();
      await Promise.allSettled(all.map(async (stop) => (await stop)()));
    },
  };
}
