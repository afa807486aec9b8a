import 'server-only';
import { getDb, type DbOrTx } from '../db/client';
import { operatorAuditLog } from '../db/schema/operators';

/** What an operator request did, as a handler records it: the kit adds who, when, route and status. */
export interface AuditRecord {
  /** What was done, as `complaint.decide` or `credits.correct`. */
  action: string;
  /** What it was done to: `{ type: 'member', id: 42 }`. */
  subject?: { type: string; id: number | string };
  /** The state before the change and after it (only the fields that matter). */
  before?: unknown;
  after?: unknown;
  /** The operator, where the kit cannot know them yet (the login). */
  operatorId?: number;
}

/**
 * Appends the audit rows of one operator request: each record the handler made, or one row naming
 * the route when it recorded nothing (reads, refusals). The table takes inserts only.
 */
export async function writeAuditLog(options: {
  operatorId: number | null;
  route: string;
  status: number;
  ip: string | null;
  records: readonly AuditRecord[];
  db?: DbOrTx;
}): Promise<void> {
  const records: readonly AuditRecord[] = options.records.length
    ? options.records
    : [{ action: options.route }];
  const db = options.db ?? (await getDb());
  await db.insert(operatorAuditLog).values(
    records.map((record) => ({
      operatorId: record.operatorId ?? options.operatorId,
      action: record.action,
      route: options.route,
      status: options.status,
      subjectType: record.subject?.type ?? null,
      subjectId: record.subject === undefined ? null : String(record.subject.id),
      before: record.before ?? null,
      after: record.after ?? null,
      ip: options.ip,
    })),
  );
}
