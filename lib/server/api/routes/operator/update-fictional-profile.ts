// PUT /api/operator/profile.php: change the fields of a fictional profile
import {
  FictionalProfileSchema,
  FictionalProfileUpdateSchema,
} from '@/lib/shared/schemas/fictional-profiles';
import { getFictionalProfileOrThrow } from '../../../fictional-profiles/get-fictional-profile';
import { updateFictionalProfile } from '../../../fictional-profiles/update-fictional-profile';
import { defineRoute } from '../../kit/define-route';

export const updateFictionalProfileRoute = defineRoute('PUT /api/operator/profile.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Edit a fictional profile',
  body: FictionalProfileUpdateSchema,
  response: { status: 200, description: 'The profile as it is now', schema: FictionalProfileSchema },
  errors: ['field_invalid', 'not_found'],
  handler: async ({ body, audit }) => {
    const { before, after } = await updateFictionalProfile({ changes: body });
    audit({ action: 'fictional_profile.edit', subject: { type: 'member', id: body.id }, before, after });
    return getFictionalProfileOrThrow({ id: body.id });
  },
});
