import { FictionalProfilesView } from '@/components/operator/fictional-profiles-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorProfiles.title);

export default function OperatorProfilesPage() {
  return <FictionalProfilesView />;
}
