// GET /api/settings.php: the settings of the site on the forced domain, in the caller's language
import 'server-only';
import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { SettingsQuerySchema, SettingsSchema, type Settings } from '@/lib/shared/schemas/settings';
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
    304: { description: 'The settings the client holds (If-None-Match) are still current' },
    ...errorResponses,
  },
});

/**
 * The JSON text and ETag of each cached settings object. getSettings hands out the same object until
 * the site changes, so every page load does not serialise and hash the same document again.
 */
const serialized = new WeakMap<Settings, { body: string; etag: string }>();

function serialize(settings: Settings): { body: string; etag: string } {
  let hit = serialized.get(settings);
  if (!hit) {
    const body = JSON.stringify(settings);
    hit = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    serialized.set(settings, hit);
  }
  return hit;
}

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
    const { body, etag } = serialize(settings);
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie, Accept-Language');
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json');
    return c.body(body, 200);
  });
}
