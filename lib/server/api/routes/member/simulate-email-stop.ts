// POST /api/dev/email-stop.php: stop the viewer's own e-mail notifications as a bounce, complaint or unsubscribe would; development and browser tests only
import { z } from 'zod';
import { EMAIL_STOP_REASONS } from '@/lib/shared/values/notifications';
import { simulateEmailStop } from '../../../dev/simulate-email-stop';
import { env } from '../../../env';
import { mailConfig } from '../../../mail/mail-config';
import { defineRoute } from '../../kit/define-route';

export const simulateEmailStopRoute = defineRoute('POST /api/dev/email-stop.php', {
  access: 'member',
  summary: 'Stop the viewer’s e-mail notifications (development tool)',
  // A development tool beside the outbox, out of the API document, absent unless switched on. It only
  // ever touches the caller's own account.
  isHidden: true,
  isEnabled: () => mailConfig().isOutboxViewEnabled || env().NODE_ENV === 'test',
  body: z.object({ reason: z.enum(EMAIL_STOP_REASONS) }),
  response: { status: 204, description: 'Stopped' },
  handler: ({ viewer, body }) => simulateEmailStop({ userId: viewer.userId, reason: body.reason }),
});
