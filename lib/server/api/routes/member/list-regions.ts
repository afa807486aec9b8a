// GET /api/regions.php: the regions of every served country
import { RegionsSchema } from '@/lib/shared/schemas/reference';
import { cachedRegions } from '../../../reference/cached-reference';
import { defineRoute } from '../../kit/define-route';

export const listRegionsRoute = defineRoute('GET /api/regions.php', {
  access: 'visitor',
  summary: 'Regions by country',
  response: { status: 200, description: 'Regions by country', schema: RegionsSchema },
  cacheControl: 'public, max-age=3600',
  handler: () => cachedRegions(),
});
