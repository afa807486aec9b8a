import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { sites } from '../db/schema/reference';
import { siteOrigin } from '../settings/site-origin';

/**
 * The host and link origin of the site a member signed up on, for mail customer service sends on
 * their behalf (links lead to the member's site, not to the console's host).
 */
export async function memberSite(options: {
  userId: number;
}): Promise<{ host: string | null; origin: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ domain: sites.domain })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, options.userId));
  const host = row && row.domain !== 'default' ? row.domain : null;
  return { host, origin: await siteOrigin({ host, isTls: false }) };
}
