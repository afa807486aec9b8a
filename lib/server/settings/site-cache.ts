import 'server-only';
import { eq } from 'drizzle-orm';
import { messageBus } from '../bus/get-message-bus';
import { afterCommit } from '../db/after-commit';
import { database } from '../db/client';
import { sites } from '../db/schema/reference';
import { processSingleton } from '../global';

export type SiteRow = typeof sites.$inferSelect;

/** Bus channel that tells every instance to drop its cached site settings (payload: a site id, or none). */
export const SITE_CHANGED_CHANNEL = 'site_settings_changed';
const TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;

interface SiteCache {
  entries: Map<string, { row: SiteRow; expires: number }>;
  /** Values derived from a site (settings per language, the company), dropped with the sites. */
  derived: Map<string, { value: Promise<unknown>; expires: number }>;
  listening: boolean;
}

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const cacheOf = () =>
  processSingleton<SiteCache>('site-cache', () => ({
    entries: new Map(),
    derived: new Map(),
    listening: false,
  }));

function clear(): void {
  const cache = cacheOf();
  cache.entries.clear();
  cache.derived.clear();
}

/**
 * A value computed from site data, kept until the sites change (or a minute passes). Failures are
 * not kept.
 */
export function cachedForSite<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf();
  const now = Date.now();
  const hit = cache.derived.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (cache.derived.size >= MAX_ENTRIES * 4) cache.derived.clear();
  const value = compute();
  cache.derived.set(key, { value, expires: now + TTL_MS });
  value.catch(() => cache.derived.delete(key));
  return value;
}

/** The host a request was made for, as sites are keyed: lower case, no port, no leading www. */
export function normalizeDomain(host: string | null | undefined): string {
  const bare = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return bare.startsWith('www.') ? bare.slice(4) : bare;
}

async function ensureListening(): Promise<void> {
  const cache = cacheOf();
  if (cache.listening) return;
  cache.listening = true;
  try {
    const bus = await messageBus();
    await bus.subscribe(SITE_CHANGED_CHANNEL, clear);
  } catch (error) {
    cache.listening = false;
    throw error;
  }
}

/** The cached site of a domain, if this instance has it at hand (no waiting, no query). */
export function peekSiteForDomain(domain: string): SiteRow | undefined {
  const cache = cacheOf();
  const hit = cache.entries.get(domain);
  return hit && hit.expires > Date.now() ? hit.row : undefined;
}

/** The site serving a host, or the `default` site; cached in process and invalidated on change. */
export async function findSiteForDomain(domain: string): Promise<SiteRow> {
  const cache = cacheOf();
  const now = Date.now();
  const hit = cache.entries.get(domain);
  if (hit && hit.expires > now) return hit.row;
  await ensureListening();
  const { db } = await database();
  const rows = await db
    .select()
    .from(sites)
    .where(eq(sites.domain, domain === '' ? 'default' : domain))
    .limit(1);
  let row = rows[0];
  if (!row) {
    const fallback = await db.select().from(sites).where(eq(sites.domain, 'default')).limit(1);
    row = fallback[0];
  }
  if (!row) throw new Error('No default site configured: run the migrations and the reference seed.');
  if (cache.entries.size >= MAX_ENTRIES) clear();
  cache.entries.set(domain, { row, expires: now + TTL_MS });
  return row;
}

/** Drops every cached site in this instance only. */
export function dropLocalSiteCache(): void {
  clear();
}

/** Drops every cached site here and, through the bus, in every other instance. */
export async function invalidateSiteCache(siteId?: number): Promise<void> {
  clear();
  const bus = await messageBus();
  await bus.publish(SITE_CHANGED_CHANNEL, siteId === undefined ? '' : String(siteId));
}

/**
 * Drops every cached site here and in every other instance once `tx` commits (nothing is said of
 * a change that rolled back). A failed publish is logged: other instances then keep their copy
 * for at most a minute.
 */
export function invalidateSiteCacheAfterCommit(tx: object, siteId?: number): void {
  afterCommit(tx, () => {
    void invalidateSiteCache(siteId).catch((error: unknown) =>
      console.error('[settings] telling other instances of a site change failed:', error),
    );
  });
}
