import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';

export type ProfileRow = typeof profiles.$inferSelect;

/**
 * The profile row the console works on: a fictional profile whose account is not deleted (with
 * `includeReal`, any living member's profile, for the admins' switch of the flag). Anything else is
 * not found. `forUpdate` locks the row for the rest of the transaction.
 */
export async function getFictionalProfileRowOrThrow(options: {
  db: DbOrTx;
  id: number;
  includeReal?: boolean;
  forUpdate?: boolean;
}): Promise<ProfileRow> {
  const { db, id } = options;
  const query = db
    .select({ profile: profiles })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.userId, id),
        isNull(users.deletedAt),
        ne(profiles.status, 'deleted'),
        options.includeReal ? undefined : eq(profiles.fictional, true),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: profiles }) : await query;
  if (!row) throw new AppError('not_found', { log: `no fictional profile ${id}` });
  return row.profile;
}
