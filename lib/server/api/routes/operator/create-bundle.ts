// POST /api/operator/bundles.php: put a new credit bundle on sale
import { BundleSavedSchema, NewBundleSchema } from '@/lib/shared/schemas/operator-sites';
import { saveBundle } from '../../../payments/save-bundle';
import { defineRoute } from '../../kit/define-route';

export const createBundleRoute = defineRoute('POST /api/operator/bundles.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Add a credit bundle',
  body: NewBundleSchema,
  response: { status: 201, description: 'The new bundle', schema: BundleSavedSchema },
  errors: ['field_invalid'],
  handler: async ({ body, audit }) => {
    const { bundle } = await saveBundle({ input: body });
    audit({ action: 'bundle.create', subject: { type: 'bundle', id: bundle.id }, after: bundle });
    return { bundle };
  },
});
