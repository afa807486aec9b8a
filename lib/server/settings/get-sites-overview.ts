import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import type { SitesOverview } from '@/lib/shared/schemas/operator-sites';
import { getDb } from '../db/client';
import { creditBundles, discountCodes, discountRedemptions } from '../db/schema/payments';
import { sites } from '../db/schema/reference';
import { toOperatorBundle, toOperatorDiscountCode } from '../payments/operator-money-view';
import { toOperatorSite } from './operator-site-view';

/** Everything the console's sites page edits: the sites' settings, the bundles and the discount codes. */
export async function getSitesOverview(): Promise<SitesOverview> {
  const db = await getDb();
  const [siteRows, bundleRows, codeRows] = await Promise.all([
    db.select().from(sites).orderBy(asc(sites.id)),
    db
      .select()
      .from(creditBundles)
      .orderBy(asc(creditBundles.country), asc(creditBundles.position), asc(creditBundles.id)),
    db
      .select({ code: discountCodes, redemptions: count(discountRedemptions.id) })
      .from(discountCodes)
      .leftJoin(discountRedemptions, eq(discountRedemptions.discountCodeId, discountCodes.id))
      .groupBy(discountCodes.id)
      .orderBy(asc(discountCodes.id)),
  ]);
  return {
    sites: siteRows.map(toOperatorSite),
    bundles: bundleRows.map(toOperatorBundle),
    discount_codes: codeRows.map((row) => toOperatorDiscountCode(row.code, row.redemptions)),
  };
}
