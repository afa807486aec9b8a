// GET /api/settings.php: the settings of the site on the forced domain, in the caller's language
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { SettingsQuerySchema, SettingsSchema } from '@/lib/shared/schemas/settings';
import { env } from '../../env';
import { getSettings } from '../../settings/get-settings';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'get',
  path: '/api/settings.php',
  request: { query: SettingsQuerySchema },
  responses: {
    200: { description: 'Site settings', content: { 'application/json': { schema: SettingsSchema } } },
    ...errorResponses,
  },
});

export function registerSettings(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const settings = await getSettings({
      host: query.domain ?? c.req.header('host'),
      locale: c.get('locale'),
      requestedCountry: query.country,
      geoipCountry: env().TRUST_PROXY
        ? (c.req.header('cf-ipcountry') ?? c.req.header('x-geoip-country'))
        : null,
    });
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie, Accept-Language');
    return c.json(settings, 200);
  });
}
