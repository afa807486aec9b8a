// POST /api/operator/activation-mail.php: mail a member a new activation link
import { MemberActionSchema } from '@/lib/shared/schemas/operator-support';
import { resendActivationMail } from '../../../support/resend-activation-mail';
import { defineRoute } from '../../kit/define-route';

export const resendActivationMailRoute = defineRoute('POST /api/operator/activation-mail.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'Resend the activation mail',
  body: MemberActionSchema,
  response: { status: 204, description: 'Sent' },
  errors: ['not_found', 'forbidden', 'rate_limited'],
  handler: async ({ body, audit }) => {
    await resendActivationMail({ userId: body.member });
    audit({
      action: 'member.activation_mail',
      subject: { type: 'member', id: body.member },
      after: { sent: true },
    });
  },
});
