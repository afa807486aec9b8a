import { DeskView } from '@/components/operator/desk/desk-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorDesk.title);

export default function OperatorDeskPage() {
  return <DeskView />;
}
