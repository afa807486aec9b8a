import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { users, type AccountStatus } from '../db/schema/auth';
import { profiles } from '../db/schema/members';

/** What the account functions need to know of a member to check them and write to them. */
export interface Account {
  id: number;
  email: string;
  status: AccountStatus;
  /** The member's language, for their mail; English when what is stored is not a locale. */
  language: Locale;
  name: string;
  passwordHash: string;
  deletedAt: Date | null;
}

/** A member by id, or by e-mail address in any case; null when there is none. */
export async function findAccount(where: { userId: number } | { email: string }): Promise<Account | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      language: users.language,
      name: profiles.name,
      passwordHash: users.passwordHash,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      'userId' in where
        ? eq(users.id, where.userId)
        : sql`lower(${users.email}) = ${where.email.trim().toLowerCase()}`,
    )
    .limit(1);
  if (!row) return null;
  return { ...row, language: isLocale(row.language) ? row.language : 'en' };
}
