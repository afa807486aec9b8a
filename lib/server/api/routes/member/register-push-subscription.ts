// POST /api/user.php?push=1: register this browser for the member's web push (spec §7)
import { PushRegisteredSchema, PushRegistrationSchema } from '@/lib/shared/schemas/push';
import { savePushSubscription } from '../../../push/save-push-subscription';
import { defineRoute } from '../../kit/define-route';

export const registerPushSubscriptionRoute = defineRoute('POST /api/user.php?push=1', {
  access: 'member',
  summary: 'Register a push subscription',
  body: PushRegistrationSchema,
  response: { status: 201, description: 'Registered', schema: PushRegisteredSchema },
  errors: ['field_invalid'],
  handler: async ({ viewer, body, c }) => {
    await savePushSubscription({
      userId: viewer.userId,
      subscription: body.subscription,
      userAgent: c.req.header('user-agent'),
    });
    return { ok: true as const };
  },
});
