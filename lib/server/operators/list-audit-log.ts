import 'server-only';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@/lib/shared/schemas/operators';
import { getDb } from '../db/client';
import { operatorAuditLog, operators } from '../db/schema/operators';

const PAGE = 50;

/** A page of the audit log, newest first; `next` is the `before` of the following page. */
export async function listAuditLog(options: {
  operatorId?: number;
  subjectType?: string;
  subjectId?: string;
  before?: number;
}): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const where: SQL[] = [];
  if (options.operatorId) where.push(eq(operatorAuditLog.operatorId, options.operatorId));
  if (options.subjectType) where.push(eq(operatorAuditLog.subjectType, options.subjectType));
  if (options.subjectId) where.push(eq(operatorAuditLog.subjectId, options.subjectId));
  if (options.before) where.push(lt(operatorAuditLog.id, options.before));
  const db = await getDb();
  const rows = await db
    .select({
      id: operatorAuditLog.id,
      at: operatorAuditLog.at,
      operatorId: operatorAuditLog.operatorId,
      operatorName: operators.name,
      action: operatorAuditLog.action,
      route: operatorAuditLog.route,
      status: operatorAuditLog.status,
      subjectType: operatorAuditLog.subjectType,
      subjectId: operatorAuditLog.subjectId,
      before: operatorAuditLog.before,
      after: operatorAuditLog.after,
      ip: operatorAuditLog.ip,
    })
    .from(operatorAuditLog)
    .leftJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(operatorAuditLog.id))
    .limit(PAGE + 1);
  const entries = rows.slice(0, PAGE).map((row) => ({ ...row, at: row.at.toISOString() }));
  const last = entries.at(-1);
  return { entries, next: rows.length > PAGE && last ? last.id : null };
}
