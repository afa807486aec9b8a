// PUT /api/notifications.php: which notifications the member wants, per kind, by e-mail and by push
import { NotificationSettingsUpdateSchema } from '@/lib/shared/schemas/notifications';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { updateNotificationSettings } from '../../../notifications/update-notification-settings';
import { defineRoute } from '../../kit/define-route';

export const updateNotificationSettingsRoute = defineRoute('PUT /api/notifications.php', {
  access: 'member',
  summary: 'Save the member’s notification choices',
  body: NotificationSettingsUpdateSchema,
  response: {
    status: 200,
    description: 'Saved; the member as GET /api/user.php describes them',
    schema: UserResponseSchema,
  },
  handler: async ({ viewer, body }) => {
    await updateNotificationSettings({
      userId: viewer.userId,
      disabled: body.notifications_disabled,
      resumeEmail: body.resume_email,
    });
    return { user: await getUserOrThrow({ userId: viewer.userId }) };
  },
});
