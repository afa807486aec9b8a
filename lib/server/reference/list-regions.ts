import 'server-only';
import { asc } from 'drizzle-orm';
import type { Regions } from '@/lib/shared/schemas/reference';
import { getDb } from '../db/client';
import { regions } from '../db/schema/reference';

/** Every region of every served country, grouped by country and sorted by name. */
export async function listRegions(): Promise<Regions> {
  const db = await getDb();
  const rows = await db.select().from(regions).orderBy(asc(regions.country), asc(regions.name));
  const byCountry = new Map<string, Regions['countries'][number]>();
  for (const row of rows) {
    let entry = byCountry.get(row.country);
    if (!entry) {
      entry = { country: row.country, regions: [] };
      byCountry.set(row.country, entry);
    }
    entry.regions.push({ id: row.id, code: row.code, name: row.name });
  }
  return { countries: [...byCountry.values()] };
}
