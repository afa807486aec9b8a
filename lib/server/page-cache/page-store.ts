import 'server-only';
import cluster from 'node:cluster';

/** A kept page: its status, headers and HTML, with a mark where each answer's nonce goes. */
export interface PageEntry {
  status: number;
  headers: [string, string][];
  html: string;
  storedAt: number;
  /** A search page: the members it lists, with their page versions when it was rendered. */
  members?: { id: number; version: number }[];
}

/** Pages kept by one process, least recently used first out, each for at most `ttlMs`. */
export function createLocalPages(options: { maxEntries: number; ttlMs: number }) {
  const entries = new Map<string, PageEntry>();
  return {
    get(key: string, now = Date.now()): PageEntry | null {
      const entry = entries.get(key);
      if (!entry) return null;
      entries.delete(key);
      if (now - entry.storedAt > options.ttlMs) return null;
      entries.set(key, entry);
      return entry;
    },
    set(key: string, entry: PageEntry): void {
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sharing the pages between the processes of one instance: the primary keeps them for all.

const GET = 'page-store-get';
const SET = 'page-store-set';
const ANSWER = 'page-store-answer';
const ANSWER_TIMEOUT_MS = 500;

type Message =
  | { type: typeof GET; id: number; key: string }
  | { type: typeof SET; key: string; entry: PageEntry }
  | { type: typeof ANSWER; id: number; entry: PageEntry | null };

interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

const isMessage = (message: unknown): message is Message =>
  typeof message === 'object' &&
  message !== null &&
  [GET, SET, ANSWER].includes((message as { type?: string }).type ?? '');

const PAGE_LIMITS = { maxEntries: 2_000, ttlMs: 10 * 60_000 };
let primaryPages: ReturnType<typeof createLocalPages> | null = null;

/** In the primary: keeps the pages its server processes render, and answers their lookups. */
export function answerPageStore(worker: Channel): void {
  primaryPages ??= createLocalPages(PAGE_LIMITS);
  const pages = primaryPages;
  worker.on('message', (message) => {
    if (!isMessage(message)) return;
    if (message.type === SET) pages.set(message.key, message.entry);
    else if (message.type === GET)
      worker.send({ type: ANSWER, id: message.id, entry: pages.get(message.key) } satisfies Message);
  });
}

/**
 * The pages of this process: its own first, then (a server process of several) the primary's, which
 * every process of the instance shares.
 */
export function createPageStore(options: { maxEntries: number; ttlMs: number }) {
  const local = createLocalPages(options);
  const channel: Channel | null = cluster.isWorker && process.send ? (process as unknown as Channel) : null;
  const pending = new Map<number, (entry: PageEntry | null) => void>();
  let nextId = 1;
  channel?.on('message', (message) => {
    if (!isMessage(message) || message.type !== ANSWER) return;
    pending.get(message.id)?.(message.entry);
    pending.delete(message.id);
  });
  return {
    async get(key: string, now = Date.now()): Promise<PageEntry | null> {
      const own = local.get(key, now);
      if (own || !channel) return own;
      const shared = await new Promise<PageEntry | null>((resolve) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(null);
        }, ANSWER_TIMEOUT_MS);
        timer.unref();
        pending.set(id, (entry) => {
          clearTimeout(timer);
          resolve(entry);
        });
        channel.send({ type: GET, id, key } satisfies Message);
      });
      if (!shared || now - shared.storedAt > options.ttlMs) return null;
      local.set(key, shared);
      return shared;
    },
    set(key: string, entry: PageEntry): void {
      local.set(key, entry);
      channel?.send({ type: SET, key, entry } satisfies Message);
    },
  };
}
