// POST /api/activation-mail.php: mail a new activation link
import { sendActivationMail } from '../../../auth/send-activation-mail';
import { defineRoute } from '../../kit/define-route';
import { requestOrigin } from '../../session-cookie';

export const sendActivationMailRoute = defineRoute('POST /api/activation-mail.php', {
  access: 'member',
  summary: 'Send a new activation link',
  response: { status: 204, description: 'Sent' },
  handler: ({ viewer, host, c }) =>
    sendActivationMail({ userId: viewer.userId, host, origin: requestOrigin(c) }),
});
