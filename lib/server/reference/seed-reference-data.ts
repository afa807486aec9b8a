import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { creditBundles, discountCodes } from '../db/schema/payments';
import { companies, interests, regions, sites } from '../db/schema/reference';
import { SEED_BUNDLES, SEED_DISCOUNT_CODES } from '../db/seed-data/money';
import { INTERESTS } from '../db/seed-data/interests';
import { REGIONS } from '../db/seed-data/regions';
import { DEFAULT_COMPANY, DEFAULT_SITE } from '../db/seed-data/site';
import { invalidateSiteCacheAfterCommit } from '../settings/site-cache';

/**
 * Gives the default site the welcome credits when an earlier seed made it without any (0, the
 * former default) and nobody changed the site since: an operator's choice, 0 included, stays. The
 * seed made the site and its company in one transaction, so a site row never changed since is still
 * the version that transaction wrote (the same `xmin` as the company's row); every change, by the
 * console or `npm run db:site`, writes a new version.
 */
async function grantWelcomeCreditsToUntouchedDefaultSite(tx: Tx): Promise<void> {
  const updated = await tx
    .update(sites)
    .set({ signupCredits: DEFAULT_SITE.signupCredits })
    .where(
      sql`${sites.domain} = ${DEFAULT_SITE.domain} and ${sites.signupCredits} = 0 and ${sites}.xmin = (
        select ${companies}.xmin from ${companies} where ${companies.id} = ${sites.companyId})`,
    )
    .returning({ id: sites.id });
  for (const site of updated) invalidateSiteCacheAfterCommit(tx, site.id);
}

/**
 * Loads the reference data a fresh database needs: the company, the default site, regions and
 * interests, the credit bundles and the standing discount codes. Idempotent: existing rows are left as they are, so an operator's changes survive
 * (a default site seeded before it had welcome credits gets them only when it was never changed).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const existingSites = await tx.select({ n: sql<number>`count(*)::int` }).from(sites);
    if ((existingSites[0]?.n ?? 0) === 0) {
      const [company] = await tx.insert(companies).values(DEFAULT_COMPANY).returning({ id: companies.id });
      if (!company) throw new Error('Could not create the default company');
      await tx.insert(sites).values({ ...DEFAULT_SITE, companyId: company.id });
    } else {
      await grantWelcomeCreditsToUntouchedDefaultSite(tx);
    }
    await tx
      .insert(regions)
      .values(REGIONS.map((r) => ({ country: r.country, code: r.code, name: r.name })))
      .onConflictDoNothing({ target: regions.code });
    await tx
      .insert(interests)
      .values(INTERESTS.map((i) => ({ slug: i.slug, position: i.position })))
      .onConflictDoNothing({ target: interests.slug });
    const existingBundles = await tx.select({ n: sql<number>`count(*)::int` }).from(creditBundles);
    if ((existingBundles[0]?.n ?? 0) === 0) await tx.insert(creditBundles).values(SEED_BUNDLES);
    await tx.insert(discountCodes).values(SEED_DISCOUNT_CODES).onConflictDoNothing();
  });
}
