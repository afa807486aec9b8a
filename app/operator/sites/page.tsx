import { SitesView } from '@/components/operator/sites/sites-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorSites.title);

/** `/operator/sites`: administrators change the sites' settings, the bundles and the discount codes. */
export default function OperatorSitesPage() {
  return <SitesView />;
}
