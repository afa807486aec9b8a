import 'server-only';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { MemberHit } from '@/lib/shared/schemas/operator-support';
import { MAX_ROW_ID } from '@/lib/shared/schemas/ids';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { creditBalances } from '../db/schema/credits';
import { profiles } from '../db/schema/members';

/** How many members one search lists. */
const LIMIT = 50;

/** `%` and `_` typed by the operator are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Members for customer service: by id (a number), by e-mail address (the whole address, or its
 * beginning) or by name (any part of it), deleted accounts included; newest accounts first.
 */
export async function findMembers(options: { query: string }): Promise<{ members: MemberHit[] }> {
  const query = options.query.trim();
  const db = await getDb();
  const id = /^\d{1,10}$/.test(query) ? Number(query) : null;
  const pattern = escapeLike(query.toLowerCase());
  const where = or(
    id !== null && id >= 1 && id <= MAX_ROW_ID ? eq(users.id, id) : undefined,
    sql`lower(${users.email}) like ${`${pattern}%`}`,
    query.includes('@') ? undefined : sql`lower(${profiles.name}) like ${`%${pattern}%`}`,
  );
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: profiles.name,
      status: users.status,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
      credits: creditBalances.balance,
      paidUser: users.paidUser,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(creditBalances, eq(creditBalances.userId, users.id))
    .where(where)
    // The member with exactly this id or address comes first.
    .orderBy(
      sql`(${users.id} = ${id ?? 0} or lower(${users.email}) = ${query.toLowerCase()}) desc`,
      desc(users.id),
    )
    .limit(LIMIT);
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      deleted_at: row.deletedAt?.toISOString() ?? null,
      created: row.createdAt.toISOString(),
      credits: row.credits ?? 0,
      paid_user: row.paidUser,
    })),
  };
}
