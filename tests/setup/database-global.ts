// Prepares one migrated, seeded database per test run: a PGlite data-directory snapshot, or, with
// TEST_DATABASE_URL, a PostgreSQL template database that each test file clones.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '@/lib/server/db/client';
import { seedReferenceData } from '@/lib/server/reference/seed-reference-data';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `app_test_tpl_${process.pid}`;
    const admin = await openPostgres(url, 1);
    await admin.db.execute(`DROP DATABASE IF EXISTS ${template}`);
    await admin.db.execute(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = await openPostgres(target.toString(), 2);
    await handle.migrate();
    await seedReferenceData(handle.db);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const result: unknown = await admin.db.execute(
        `SELECT datname FROM pg_database WHERE datname LIKE 'app_test_${process.pid}_%' OR datname = '${template}'`,
      );
      const { rows } = result as { rows: { datname: string }[] };
      for (const row of rows) await admin.db.execute(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.close();
    };
  }

  const handle = await openPglite();
  await handle.migrate();
  await seedReferenceData(handle.db);
  const { $client: client } = handle.db as unknown as {
    $client: { dumpDataDir: (c: 'none') => Promise<Blob> };
  };
  const snapshot = await client.dumpDataDir('none');
  await handle.close();
  const file = path.resolve('.tmp', `test-snapshot-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return () => {
    fs.rmSync(file, { force: true });
    return Promise.resolve();
  };
}
