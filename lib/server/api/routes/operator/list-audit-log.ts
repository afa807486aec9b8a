// GET /api/operator/audit.php: the audit log, newest first, by operator or subject
import { AuditPageSchema, AuditQuerySchema } from '@/lib/shared/schemas/operators';
import { listAuditLog } from '../../../operators/list-audit-log';
import { defineRoute } from '../../kit/define-route';

export const listAuditLogRoute = defineRoute('GET /api/operator/audit.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Audit log',
  query: AuditQuerySchema,
  response: { status: 200, description: 'A page of the audit log', schema: AuditPageSchema },
  handler: ({ query }) => listAuditLog(query),
});
