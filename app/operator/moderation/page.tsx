import { ModerationView } from '@/components/operator/moderation-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorModeration.title);

export default function OperatorModerationPage() {
  return <ModerationView />;
}
