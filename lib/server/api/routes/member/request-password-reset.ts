// POST /api/password-reset.php: mail a password-reset link
import { PasswordResetRequestSchema } from '@/lib/shared/schemas/auth';
import { requestPasswordReset } from '../../../auth/request-password-reset';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';

export const requestPasswordResetRoute = defineRoute('POST /api/password-reset.php', {
  access: 'visitor',
  summary: 'Mail a reset link',
  body: PasswordResetRequestSchema,
  response: { status: 204, description: 'Link sent' },
  errors: ['email_not_found', 'reset_limit'],
  handler: async ({ body, host, ip, c }) =>
    requestPasswordReset({ email: body.email, host, origin: await linkOrigin(c), ip }),
});
