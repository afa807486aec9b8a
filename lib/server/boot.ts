import 'server-only';
import { database, type DatabaseHandle } from './db/client';
import { seedReferenceData } from './reference/seed-reference-data';

/** Opens the database, applies the checked-in migrations and loads the reference data. */
export async function prepareDatabase(): Promise<DatabaseHandle> {
  const handle = await database();
  await handle.migrate();
  await seedReferenceData(handle.db);
  return handle;
}
