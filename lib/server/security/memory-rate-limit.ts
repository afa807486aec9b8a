import 'server-only';
import cluster from 'node:cluster';
import { processSingleton } from '../global';
import { hitSharedRateLimit } from './redis-rate-limit';

/** One window's count of a key. */
interface Window {
  start: number;
  hits: number;
}

interface Hit {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: number;
}

interface Result {
  allowed: boolean;
  retryAfter: number;
}

/** Keys are swept once they are this many windows old. */
const SWEEP_EVERY = 1_000;

/**
 * Fixed-window counters kept in this process's memory, for limits checked on every read (member
 * search and pages), where a database write per request would cost more than the read itself.
 * Call sites count with `countMemoryRateLimit`, which keeps the count in Redis when REDIS_URL is
 * set (shared by every instance), and otherwise here: server processes started together
 * (WEB_CONCURRENCY) count in their primary process; separate instances count on their own, so
 * without Redis the limit is per instance.
 */
export function hitMemoryRateLimit(options: Hit): Result {
  const windows = processSingleton('memoryRateLimits', () => ({ map: new Map<string, Window>(), calls: 0 }));
  const now = options.now ?? Date.now();
  const windowMs = options.windowSeconds * 1_000;
  const start = Math.floor(now / windowMs) * windowMs;
  windows.calls += 1;
  if (windows.calls % SWEEP_EVERY === 0) {
    for (const [key, window] of windows.map) if (window.start < start) windows.map.delete(key);
  }
  const current = windows.map.get(options.key);
  const window = current && current.start === start ? current : { start, hits: 0 };
  window.hits += 1;
  windows.map.set(options.key, window);
  return {
    allowed: window.hits <= options.limit,
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1_000)),
  };
}

// ---------------------------------------------------------------------------------------------
// Sharing the counters between the processes of one instance

const REQUEST = 'memory-rate-limit';
const ANSWER = 'memory-rate-limit-answer';
/** A primary that does not answer within this time is not waited for: the process counts alone. */
const ANSWER_TIMEOUT_MS = 1_000;

interface Request {
  type: typeof REQUEST;
  id: number;
  hit: Hit;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  result: Result;
}

/** A message channel between two processes: `process` in a worker, a cluster worker in the primary. */
export interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

const isRequest = (message: unknown): message is Request =>
  typeof message === 'object' && message !== null && (message as Request).type === REQUEST;
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as Answer).type === ANSWER;

/** Answers the counting requests of a worker from the counters of this (primary) process. */
export function answerMemoryRateLimits(worker: Channel): void {
  worker.on('message', (message) => {
    if (!isRequest(message)) return;
    worker.send({ type: ANSWER, id: message.id, result: hitMemoryRateLimit(message.hit) } satisfies Answer);
  });
}

/** A counter that asks the primary process over `channel`, and counts alone when no answer comes. */
export function createSharedCounter(channel: Channel): (hit: Hit) => Promise<Result> {
  const pending = new Map<number, (result: Result) => void>();
  let nextId = 1;
  channel.on('message', (message) => {
    if (!isAnswer(message)) return;
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  return (hit) =>
    new Promise<Result>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(hitMemoryRateLimit(hit));
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      channel.send({ type: REQUEST, id, hit } satisfies Request);
    });
}

/**
 * Counts one hit: in Redis when REDIS_URL is set (every instance shares it; this process's memory
 * while Redis does not answer); otherwise in the primary process when this is one of several server
 * processes, else here.
 */
export async function countMemoryRateLimit(hit: Hit): Promise<Result> {
  const shared = await hitSharedRateLimit(hit);
  if (shared) return { allowed: shared.allowed, retryAfter: shared.retryAfter };
  if (!cluster.isWorker || !process.send) return hitMemoryRateLimit(hit);
  const count = processSingleton('sharedMemoryRateLimits', () => createSharedCounter(process as Channel));
  return count(hit);
}
