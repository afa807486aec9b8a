import { DashboardPage } from '@/components/operator/dashboard-page';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorDashboard.title);

export default function OperatorDashboardPage() {
  return <DashboardPage />;
}
