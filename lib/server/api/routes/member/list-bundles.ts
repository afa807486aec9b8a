// GET /api/bundles.php: the credit bundles on sale in a payment country
import { BundlesQuerySchema, BundlesResponseSchema } from '@/lib/shared/schemas/payments';
import { listBundles } from '../../../payments/list-bundles';
import { defineRoute } from '../../kit/define-route';
import { requestClient } from '../../kit/request-guards';

export const listBundlesRoute = defineRoute('GET /api/bundles.php', {
  access: 'visitor',
  summary: 'Credit bundles',
  query: BundlesQuerySchema,
  response: { status: 200, description: 'The bundles of the payment country', schema: BundlesResponseSchema },
  cacheControl: 'private, no-cache',
  headers: { Vary: 'Cookie' },
  handler: ({ viewer, query, host, locale, c }) =>
    listBundles({
      host,
      locale,
      viewerId: viewer?.userId ?? null,
      country: query.country,
      geoipCountry: requestClient(c).country,
    }),
});
