import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerMemoryRateLimits,
  createSharedCounter,
  type Channel,
} from '@/lib/server/security/memory-rate-limit';
import { serverProcessCount } from '@/lib/server/server-processes';

describe('server processes', () => {
  const postgres = 'postgres://db/lovelane';

  it('are one per core on PostgreSQL, or as many as WEB_CONCURRENCY says', () => {
    expect(
      serverProcessCount({ DATABASE_URL: postgres, NODE_ENV: 'production', WEB_CONCURRENCY: undefined }, 2),
    ).toBe(2);
    expect(
      serverProcessCount({ DATABASE_URL: postgres, NODE_ENV: 'production', WEB_CONCURRENCY: 3 }, 2),
    ).toBe(3);
    expect(
      serverProcessCount({ DATABASE_URL: postgres, NODE_ENV: 'production', WEB_CONCURRENCY: 1 }, 8),
    ).toBe(1);
  });

  it('are one on the embedded database, which one process holds, and in development', () => {
    expect(
      serverProcessCount({ DATABASE_URL: undefined, NODE_ENV: 'production', WEB_CONCURRENCY: 4 }, 2),
    ).toBe(1);
    expect(
      serverProcessCount({ DATABASE_URL: postgres, NODE_ENV: 'development', WEB_CONCURRENCY: undefined }, 2),
    ).toBe(1);
  });
});

/** Two ends of an IPC channel, delivering asynchronously like process messages do. */
function channelPair(): [Channel, Channel] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): Channel => ({
    send: (message) => setImmediate(() => other.emit('message', structuredClone(message))),
    on: (event, listener) => self.on(event, listener),
  });
  return [end(a, b), end(b, a)];
}

describe('read limits across server processes', () => {
  afterEach(() => vi.useRealTimers());

  it('count the hits of every process together in the primary', async () => {
    const [workerA, primarySideA] = channelPair();
    const [workerB, primarySideB] = channelPair();
    answerMemoryRateLimits(primarySideA);
    answerMemoryRateLimits(primarySideB);
    const countA = createSharedCounter(workerA);
    const countB = createSharedCounter(workerB);
    const key = `test-shared:${Math.random()}`;
    const hit = { key, limit: 3, windowSeconds: 60 };
    const answers = [await countA(hit), await countB(hit), await countA(hit), await countB(hit)];
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]?.retryAfter).toBeGreaterThan(0);
  });

  it('count in the process itself when the primary does not answer', async () => {
    vi.useFakeTimers();
    const silent: Channel = { send: () => true, on: () => undefined };
    const count = createSharedCounter(silent);
    const answer = count({ key: `test-alone:${Math.random()}`, limit: 1, windowSeconds: 60 });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toMatchObject({ allowed: true });
  });
});
