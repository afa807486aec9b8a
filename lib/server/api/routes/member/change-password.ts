// POST /api/password.php: change the password; the member's other sessions end
import { ChangePasswordSchema } from '@/lib/shared/schemas/auth';
import { changePassword } from '../../../auth/change-password';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const changePasswordRoute = defineRoute('POST /api/password.php', {
  access: 'member',
  summary: 'Change the password',
  body: ChangePasswordSchema,
  response: { status: 204, description: 'Changed' },
  errors: ['field_invalid', 'account_locked'],
  handler: ({ viewer, ip, body, c }) =>
    changePassword({
      ip,
      userId: viewer.userId,
      oldPassword: body.old_password,
      newPassword: body.new_password,
      currentToken: readSessionCookie(c) ?? '',
    }),
});
