import 'server-only';
import { asc } from 'drizzle-orm';
import type { Interests } from '@/lib/shared/schemas/reference';
import { getDb } from '../db/client';
import { interests } from '../db/schema/reference';

/** The interests a member can pick, in display order; labels come from the message files. */
export async function listInterests(): Promise<Interests> {
  const db = await getDb();
  const rows = await db.select().from(interests).orderBy(asc(interests.position));
  return { interests: rows.map((row) => ({ id: row.id, slug: row.slug })) };
}
