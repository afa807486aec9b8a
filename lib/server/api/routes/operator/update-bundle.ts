// PUT /api/operator/bundles.php: change a credit bundle or take it off sale
import { BundleChangeSchema, BundleSavedSchema } from '@/lib/shared/schemas/operator-sites';
import { saveBundle } from '../../../payments/save-bundle';
import { defineRoute } from '../../kit/define-route';

export const updateBundleRoute = defineRoute('PUT /api/operator/bundles.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Change a credit bundle',
  body: BundleChangeSchema,
  response: { status: 200, description: 'The bundle, changed', schema: BundleSavedSchema },
  errors: ['not_found', 'field_invalid'],
  handler: async ({ body, audit }) => {
    const { before, bundle } = await saveBundle({ input: body });
    audit({ action: 'bundle.update', subject: { type: 'bundle', id: bundle.id }, before, after: bundle });
    return { bundle };
  },
});
