import 'server-only';
import { getDb } from '../db/client';
import { pageBounces } from '../db/schema/analytics';

/** Logs that a page opened with `lb` was hidden; the path comes from the beacon's Referer. */
export async function recordPageBounce(options: {
  referer: string | null | undefined;
  locale: string;
}): Promise<void> {
  let path: string | null = null;
  if (options.referer) {
    try {
      path = new URL(options.referer).pathname.slice(0, 512);
    } catch {
      path = null;
    }
  }
  const db = await getDb();
  await db.insert(pageBounces).values({ path, locale: options.locale });
}
