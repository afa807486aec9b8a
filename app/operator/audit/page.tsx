import { AuditLogView } from '@/components/operator/audit-log-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorAudit.title);

export default function OperatorAuditPage() {
  return <AuditLogView />;
}
