// POST /api/mail-change.php: mail a confirmation link to a new e-mail address
import { MailChangeSchema } from '@/lib/shared/schemas/auth';
import { requestMailChange } from '../../../auth/request-mail-change';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';

export const requestMailChangeRoute = defineRoute('POST /api/mail-change.php', {
  access: 'member',
  summary: 'Change the e-mail address',
  body: MailChangeSchema,
  response: { status: 204, description: 'Confirmation link sent' },
  errors: ['email_taken', 'field_invalid', 'account_locked'],
  handler: async ({ viewer, ip, body, host, c }) =>
    requestMailChange({
      ip,
      userId: viewer.userId,
      newEmail: body.new_email,
      password: body.password,
      host,
      origin: await linkOrigin(c),
    }),
});
