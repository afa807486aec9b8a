// POST /api/activation-mail.php: mail a new activation link
import { sendActivationMail } from '../../../auth/send-activation-mail';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';

export const sendActivationMailRoute = defineRoute('POST /api/activation-mail.php', {
  access: 'member',
  summary: 'Send a new activation link',
  response: { status: 204, description: 'Sent' },
  handler: async ({ viewer, host, c }) =>
    sendActivationMail({ userId: viewer.userId, host, origin: await linkOrigin(c) }),
});
