import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Descending in the order the indexes are built: an index column declared `.desc()` is DESC NULLS
 * LAST, while drizzle's `desc()` in a query is DESC (NULLS FIRST). PostgreSQL walks an index only
 * for an ORDER BY in its exact null order, even on NOT NULL columns; in the other order it reads every
 * matching row and sorts them (a member with 10,000 likes then costs 10,000 joins).
 */
export const descIndexed = (column: AnyColumn): SQL => sql`${column} desc nulls last`;
