import 'server-only';
import type Redis from 'ioredis';
import { assertChannel, ChannelHandlers, frameMessage, unframeMessage, type MessageBus } from './message-bus';

/**
 * The bus of several machines: Redis pub/sub. Publishing goes over the shared command connection;
 * subscriptions over a connection of their own (a subscribed connection runs no other commands),
 * which ioredis subscribes again by itself after a reconnect. Channel names carry the deployment's
 * key prefix, so deployments sharing one Redis never hear each other.
 */
export function createRedisBus(options: {
  instanceId: string;
  publisher: Redis;
  subscriber: Redis;
  /** The Redis channel of a bus channel (the key prefix added). */
  channelName: (channel: string) => string;
}): MessageBus {
  const { instanceId, publisher, subscriber, channelName } = options;
  const handlers = new ChannelHandlers();
  const byRedisName = new Map<string, string>();
  const subscribing = new Map<string, Promise<unknown>>();
  const onMessage = (redisChannel: string, message: string) => {
    const channel = byRedisName.get(redisChannel);
    if (channel === undefined) return;
    const payload = unframeMessage(instanceId, message);
    if (payload !== null) handlers.deliver(channel, payload);
  };
  subscriber.on('message', onMessage);
  return {
    kind: 'redis',
    instanceId,
    carriesPayloads: true,
    publish: async (channel, payload) => {
      assertChannel(channel);
      await publisher.publish(channelName(channel), frameMessage(instanceId, payload));
    },
    subscribe: async (channel, handler) => {
      assertChannel(channel);
      const redisChannel = channelName(channel);
      byRedisName.set(redisChannel, channel);
      if (handlers.add(channel, handler)) {
        const subscribed = subscriber.subscribe(redisChannel);
        subscribing.set(channel, subscribed);
        subscribed.catch(() => subscribing.delete(channel));
      }
      try {
        await subscribing.get(channel);
      } catch (error) {
        handlers.remove(channel, handler);
        throw error;
      }
      return () => {
        if (handlers.remove(channel, handler)) {
          subscribing.delete(channel);
          void subscriber.unsubscribe(redisChannel).catch(() => undefined);
        }
      };
    },
    close: async () => {
      const channels = handlers.channels().map(channelName);
      handlers.clear();
      subscribing.clear();
      subscriber.off('message', onMessage);
      if (channels.length) await subscriber.unsubscribe(...channels).catch(() => undefined);
    },
  };
}
