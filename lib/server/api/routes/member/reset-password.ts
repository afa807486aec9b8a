// POST /api/password-reset-do.php: set a new password through a reset link
import { PasswordResetSchema } from '@/lib/shared/schemas/auth';
import { resetPassword } from '../../../auth/reset-password';
import { defineRoute } from '../../kit/define-route';

export const resetPasswordRoute = defineRoute('POST /api/password-reset-do.php', {
  access: 'visitor',
  summary: 'Set a new password',
  body: PasswordResetSchema,
  response: { status: 204, description: 'Password changed' },
  errors: ['link_invalid', 'field_invalid'],
  handler: ({ body }) =>
    resetPassword({ token: body.token, password: body.password, passwordRepeat: body.password_repeat }),
});
