import 'server-only';

/**
 * One instance per process. The API (bundled with server.ts) and the pages (bundled by Next)
 * load separate copies of this code in the same process; state that must be shared, such as the
 * database client and caches, is kept on globalThis under one key.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`flirt.${key}`);
  const existing = store[symbol];
  if (existing !== undefined) return existing;
  const created = create();
  store[symbol] = created;
  return created;
}
