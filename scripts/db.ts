// Database tasks: `migrate` applies the checked-in migrations; `seed` also loads the reference data.
import { closeDatabase, database } from '@/lib/server/db/client';
import { seedReferenceData } from '@/lib/server/reference/seed-reference-data';

async function main(task: string | undefined): Promise<void> {
  const handle = await database();
  await handle.migrate();
  console.log(`[db] migrations applied (${handle.kind})`);
  if (task === 'seed') {
    await seedReferenceData(handle.db);
    console.log('[db] reference data loaded');
  } else if (task !== 'migrate') {
    throw new Error(`Unknown task "${task ?? ''}": use migrate or seed`);
  }
}

main(process.argv[2])
  .then(() => closeDatabase())
  .catch(async (error: unknown) => {
    console.error('[db]', error instanceof Error ? error.message : error);
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  });
