import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { sites } from '../db/schema/reference';

/** The domain of the site a member signed up on (its settings apply to them), or null when unknown. */
export async function findSiteOfMember(options: { userId: number }): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ domain: sites.domain })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, options.userId));
  return row?.domain ?? null;
}
