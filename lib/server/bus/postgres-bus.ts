import 'server-only';
import type { DatabaseHandle } from '../db/client';
import { assertChannel, ChannelHandlers, frameMessage, unframeMessage, type MessageBus } from './message-bus';

/** What one NOTIFY carries at most (PostgreSQL's limit is 8,000 bytes, the frame included). */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

/**
 * The bus when PostgreSQL is the only shared service: LISTEN on the handle's one listening
 * connection, NOTIFY through the pool after the change committed. Messages stay tiny (ids).
 */
export function createPostgresBus(options: {
  instanceId: string;
  handle: () => Promise<DatabaseHandle>;
}): MessageBus {
  const { instanceId } = options;
  const handlers = new ChannelHandlers();
  const stops = new Map<string, Promise<() => Promise<void>>>();
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
      await (await options.handle()).notify(channel, message);
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
