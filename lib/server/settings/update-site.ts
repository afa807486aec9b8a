import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sites } from '../db/schema/reference';
import { invalidateSiteCache } from './site-cache';

export type SiteChanges = Partial<Omit<typeof sites.$inferInsert, 'id' | 'updatedAt'>>;

/**
 * Creates or changes the site for a domain (copying the default site's values for a new one) and
 * invalidates the settings cache in every instance.
 */
export async function upsertSite(options: { domain: string; changes: SiteChanges }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: sites.id }).from(sites).where(eq(sites.domain, options.domain));
    if (existing[0]) {
      await tx
        .update(sites)
        .set({ ...options.changes, updatedAt: sql`now()` })
        .where(eq(sites.id, existing[0].id));
      return;
    }
    const [base] = await tx.select().from(sites).where(eq(sites.domain, 'default'));
    if (!base) throw new Error('No default site to copy');
    const { id: _id, updatedAt: _updatedAt, ...values } = base;
    await tx.insert(sites).values({ ...values, ...options.changes, domain: options.domain });
  });
  await invalidateSiteCache();
}
