import 'server-only';
import type { Db } from './client';

/**
 * A query built once per database and variant (Drizzle's `.prepare(name)`: on PostgreSQL a named
 * statement, parsed and planned once per connection), instead of building its SQL on every call.
 * Answers the function that gives the variant's prepared query for a database.
 */
export function preparedPerDatabase<K, Q>(build: (db: Db, variant: K) => Q): (db: Db, variant: K) => Q {
  const built = new WeakMap<Db, Map<K, Q>>();
  return (db, variant) => {
    let queries = built.get(db);
    if (!queries) built.set(db, (queries = new Map<K, Q>()));
    let query = queries.get(variant);
    if (query === undefined) queries.set(variant, (query = build(db, variant)));
    return query;
  };
}
