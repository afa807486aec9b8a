// DELETE /api/user.php?push=1: this browser no longer receives the member's web push
import { PushRemovalSchema } from '@/lib/shared/schemas/push';
import { removePushSubscription } from '../../../push/remove-push-subscription';
import { defineRoute } from '../../kit/define-route';

export const removePushSubscriptionRoute = defineRoute('DELETE /api/user.php?push=1', {
  access: 'member',
  summary: 'Remove a push subscription',
  body: PushRemovalSchema,
  response: { status: 204, description: 'Removed (or it was not the member’s)' },
  handler: ({ viewer, body }) => removePushSubscription({ userId: viewer.userId, endpoint: body.endpoint }),
});
