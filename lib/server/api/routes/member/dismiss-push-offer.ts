// POST /api/push-offer.php: the member closed the suggestion to turn on push notifications, on every device
import { PushOfferDismissalSchema } from '@/lib/shared/schemas/user';
import { dismissPushOffer } from '../../../push/dismiss-push-offer';
import { defineRoute } from '../../kit/define-route';

export const dismissPushOfferRoute = defineRoute('POST /api/push-offer.php', {
  access: 'member',
  summary: 'Close the suggestion to turn on push notifications',
  body: PushOfferDismissalSchema,
  response: { status: 204, description: 'Closed for good, on every device of the member' },
  handler: ({ viewer }) => dismissPushOffer({ userId: viewer.userId }),
});
