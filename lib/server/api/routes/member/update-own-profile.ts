// PUT /api/profile.php: changes to the member's own profile
import { OwnProfileSchema, ProfileUpdateSchema } from '@/lib/shared/schemas/profile';
import { updateOwnProfile } from '../../../members/update-own-profile';
import { defineRoute } from '../../kit/define-route';

export const updateOwnProfileRoute = defineRoute('PUT /api/profile.php', {
  access: 'member',
  summary: 'Change the member’s own profile',
  body: ProfileUpdateSchema,
  response: { status: 200, description: 'The saved profile', schema: OwnProfileSchema },
  errors: ['field_invalid'],
  handler: ({ viewer, body }) => updateOwnProfile({ userId: viewer.userId, changes: body }),
});
