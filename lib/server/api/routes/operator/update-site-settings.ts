// PUT /api/operator/site.php: change a site's settings (every instance sees the change at once)
import { SiteSettingsChangeSchema, SiteSettingsChangedSchema } from '@/lib/shared/schemas/operator-sites';
import { updateSiteSettings } from '../../../settings/update-site-settings';
import { defineRoute } from '../../kit/define-route';

export const updateSiteSettingsRoute = defineRoute('PUT /api/operator/site.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Change site settings',
  body: SiteSettingsChangeSchema,
  response: { status: 200, description: 'The site, changed', schema: SiteSettingsChangedSchema },
  errors: ['not_found', 'field_invalid'],
  handler: async ({ body, audit }) => {
    const { site, before, after } = await updateSiteSettings({ siteId: body.site, changes: body.changes });
    audit({ action: 'site.update', subject: { type: 'site', id: site.id }, before, after });
    return { site };
  },
});
