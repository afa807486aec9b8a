import 'server-only';
import { sql } from 'drizzle-orm';
import { afterCommit } from '../db/after-commit';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { dropViewerCaches } from './viewer-caches';

/**
 * A member shown to others again (visible again, back from a deletion or a suspension): everyone they
 * share a like with reads their likes again, from which the member was left out while hidden. The
 * drop follows the commit of `db` (at once when it is the database itself).
 */
export async function dropLikePartnersCaches(db: DbOrTx, memberId: number): Promise<void> {
  const partners = await rowsOf<{ id: number }>(
    db,
    sql`select liker_id as id from likes where liked_id = ${memberId}::int
      union select liked_id from likes where liker_id = ${memberId}::int`,
  );
  if (partners.length > 0) afterCommit(db, () => dropViewerCaches(...partners.map((row) => row.id)));
}
