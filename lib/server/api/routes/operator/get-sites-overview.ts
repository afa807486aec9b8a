// GET /api/operator/sites.php: the sites' settings, the credit bundles and the discount codes
import { SitesOverviewSchema } from '@/lib/shared/schemas/operator-sites';
import { getSitesOverview } from '../../../settings/get-sites-overview';
import { defineRoute } from '../../kit/define-route';

export const getSitesOverviewRoute = defineRoute('GET /api/operator/sites.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Sites, bundles and discount codes',
  response: { status: 200, description: 'Everything the sites page edits', schema: SitesOverviewSchema },
  handler: () => getSitesOverview(),
});
