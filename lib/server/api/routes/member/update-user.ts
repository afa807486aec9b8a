// PUT /api/user.php: the member's language
import { UpdateUserSchema } from '@/lib/shared/schemas/auth';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { updateUserLanguage } from '../../../auth/update-user-language';
import { defineRoute } from '../../kit/define-route';

export const updateUserRoute = defineRoute('PUT /api/user.php', {
  access: 'member',
  summary: 'Save the member’s language',
  body: UpdateUserSchema,
  response: { status: 200, description: 'Saved', schema: UserResponseSchema },
  handler: async ({ viewer, body }) => {
    await updateUserLanguage({ userId: viewer.userId, language: body.language });
    return { user: await getUserOrThrow({ userId: viewer.userId }) };
  },
});
