import 'server-only';
import { processSingleton } from '../global';
import { assertChannel, ChannelHandlers, frameMessage, unframeMessage, type MessageBus } from './message-bus';

/** Every in-process bus of this process, so several (tests) hear each other like instances do. */
/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const busesOf = () =>
  processSingleton('memory-buses', () => new Set<(channel: string, message: string) => void>());

/**
 * The bus of the embedded database: one process is the only instance, so messages go from bus to
 * bus within it (asynchronously, like a network would).
 */
export function createMemoryBus(options: { instanceId: string }): MessageBus {
  const buses = busesOf();
  const { instanceId } = options;
  const handlers = new ChannelHandlers();
  const receive = (channel: string, message: string) => {
    const payload = unframeMessage(instanceId, message);
    if (payload !== null) handlers.deliver(channel, payload);
  };
  return {
    kind: 'memory',
    instanceId,
    carriesPayloads: true,
    publish: (channel, payload) =>
      Promise.resolve().then(() => {
        assertChannel(channel);
        const message = frameMessage(instanceId, payload);
        for (const bus of [...buses]) setImmediate(() => bus(channel, message));
      }),
    subscribe: (channel, handler) =>
      Promise.resolve().then(() => {
        assertChannel(channel);
        handlers.add(channel, handler);
        buses.add(receive);
        return () => {
          handlers.remove(channel, handler);
        };
      }),
    close: () => {
      handlers.clear();
      buses.delete(receive);
      return Promise.resolve();
    },
  };
}
