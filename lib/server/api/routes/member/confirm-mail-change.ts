// POST /api/mail-change-do.php: confirm a new e-mail address through its link
import { MailChangeConfirmSchema } from '@/lib/shared/schemas/auth';
import { confirmMailChange } from '../../../auth/confirm-mail-change';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const confirmMailChangeRoute = defineRoute('POST /api/mail-change-do.php', {
  access: 'visitor',
  summary: 'Confirm a new e-mail address',
  body: MailChangeConfirmSchema,
  response: { status: 204, description: 'Address changed' },
  errors: ['email_taken', 'link_invalid'],
  handler: ({ body, host, c }) =>
    confirmMailChange({ token: body.token, currentToken: readSessionCookie(c), host }),
});
