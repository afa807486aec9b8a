import 'server-only';
import { and, countDistinct, desc, eq, gte, ilike, lt, or, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import { canonicalAddress } from '@/lib/shared/client-address';
import type { AuditEntry, AuditOutcome, AuditQuery, RefusedCalls } from '@/lib/shared/schemas/operators';
import { getDb } from '../db/client';
import { operatorAuditLog, operatorRefusalCounts, operators } from '../db/schema/operators';

const PAGE = 50;
/** Counts of refused calls the summary lists (the most recent); its totals cover them all. */
const REFUSAL_ROWS = 20;

/** `%`, `_` and `\` stand for themselves in the route or action filter. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The statuses of an outcome: below 400, 4xx, 5xx. */
function outcomeWhere(status: AnyColumn, outcome: AuditOutcome): SQL {
  if (outcome === 'succeeded') return lt(status, 400);
  if (outcome === 'refused') return and(gte(status, 400), lt(status, 500)) as SQL;
  return gte(status, 500);
}

/** The address as the server records it, so `2001:DB8::7` finds `2001:db8::7`. */
const recordedAddress = (address: string) => canonicalAddress(address) ?? address;

/**
 * A page of the audit log, newest first; `next` is the `before` of the following page. Filters: the
 * operator, the subject, part of the action or route, the outcome, the client's address and a time
 * range. The first page also sums up the refused calls nobody logged in to (they are counted, not
 * written to the log) that match the filters.
 */
export async function listAuditLog(
  options: AuditQuery,
): Promise<{ entries: AuditEntry[]; refusals: RefusedCalls | null; next: number | null }> {
  const log = operatorAuditLog;
  const where: SQL[] = [];
  if (options.operatorId) where.push(eq(log.operatorId, options.operatorId));
  if (options.subjectType) where.push(eq(log.subjectType, options.subjectType));
  if (options.subjectId) where.push(eq(log.subjectId, options.subjectId));
  if (options.action) {
    const pattern = likePattern(options.action);
    where.push(or(ilike(log.action, pattern), ilike(log.route, pattern)) as SQL);
  }
  if (options.outcome) where.push(outcomeWhere(log.status, options.outcome));
  if (options.address) where.push(eq(log.ip, recordedAddress(options.address)));
  if (options.from) where.push(gte(log.at, new Date(options.from)));
  if (options.to) where.push(lt(log.at, new Date(options.to)));
  if (options.before) where.push(lt(log.id, options.before));
  const db = await getDb();
  const [rows, refusals] = await Promise.all([
    db
      .select({
        id: log.id,
        at: log.at,
        operatorId: log.operatorId,
        operatorName: operators.name,
        action: log.action,
        route: log.route,
        status: log.status,
        subjectType: log.subjectType,
        subjectId: log.subjectId,
        before: log.before,
        after: log.after,
        ip: log.ip,
      })
      .from(log)
      .leftJoin(operators, eq(operators.id, log.operatorId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(log.id))
      .limit(PAGE + 1),
    options.before ? null : listRefusedCalls(options),
  ]);
  const entries = rows.slice(0, PAGE).map((row) => ({ ...row, at: row.at.toISOString() }));
  const last = entries.at(-1);
  return { entries, refusals, next: rows.length > PAGE && last ? last.id : null };
}

/**
 * The refused calls nobody logged in to that match the filters, or null when the filters leave
 * them out (an operator or a subject named, or succeeded calls asked for).
 */
async function listRefusedCalls(options: AuditQuery): Promise<RefusedCalls | null> {
  if (options.operatorId || options.subjectType || options.subjectId || options.outcome === 'succeeded')
    return null;
  const counts = operatorRefusalCounts;
  const where: SQL[] = [];
  if (options.action) where.push(ilike(counts.route, likePattern(options.action)));
  if (options.outcome) where.push(outcomeWhere(counts.status, options.outcome));
  if (options.address) where.push(eq(counts.ip, recordedAddress(options.address)));
  // An hour's count belongs to a range when one of its calls could: it ends after the range begins
  // and begins before the range ends.
  if (options.from) where.push(gte(counts.lastAt, new Date(options.from)));
  if (options.to) where.push(lt(counts.windowStart, new Date(options.to)));
  const filter = where.length ? and(...where) : undefined;
  const db = await getDb();
  const [totals, rows] = await Promise.all([
    db
      .select({ calls: sum(counts.count).mapWith(Number), addresses: countDistinct(counts.ip) })
      .from(counts)
      .where(filter),
    db
      .select({
        windowStart: counts.windowStart,
        lastAt: counts.lastAt,
        ip: counts.ip,
        route: counts.route,
        status: counts.status,
        count: counts.count,
      })
      .from(counts)
      .where(filter)
      .orderBy(desc(counts.lastAt), counts.ip, counts.route)
      .limit(REFUSAL_ROWS),
  ]);
  return {
    calls: totals[0]?.calls ?? 0,
    addresses: totals[0]?.addresses ?? 0,
    rows: rows.map((row) => ({
      ...row,
      windowStart: row.windowStart.toISOString(),
      lastAt: row.lastAt.toISOString(),
    })),
  };
}
