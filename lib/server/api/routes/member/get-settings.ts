// GET /api/settings.php: the settings of the site on the forced domain, in the caller's language
import { SettingsQuerySchema, SettingsSchema } from '@/lib/shared/schemas/settings';
import { getSettings } from '../../../settings/get-settings';
import { defineRoute } from '../../kit/define-route';
import { requestClient } from '../../kit/request-guards';

export const getSettingsRoute = defineRoute('GET /api/settings.php', {
  access: 'visitor',
  summary: 'Site settings',
  query: SettingsQuerySchema,
  response: { status: 200, description: 'Site settings', schema: SettingsSchema },
  cacheControl: 'private, no-cache',
  headers: { Vary: 'Cookie, Accept-Language' },
  // getSettings hands out one cached object per site and language until the site changes.
  isResultShared: true,
  handler: ({ query, c, locale }) =>
    getSettings({
      host: query.domain ?? c.req.header('host'),
      locale,
      requestedCountry: query.country,
      geoipCountry: requestClient(c).country,
    }),
});
