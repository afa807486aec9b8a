// PUT /api/operator/locale.php: the console's language for this operator
import { OperatorLocaleChangeSchema } from '@/lib/shared/schemas/operators';
import { setOperatorLocale } from '../../../operators/set-operator-locale';
import { defineRoute } from '../../kit/define-route';

export const updateOperatorLocaleRoute = defineRoute('PUT /api/operator/locale.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Choose the console’s language',
  body: OperatorLocaleChangeSchema,
  response: { status: 204, description: 'Changed' },
  handler: async ({ operator, body, audit }) => {
    await setOperatorLocale({ operatorId: operator.operatorId, locale: body.locale });
    audit({
      action: 'operator.locale',
      subject: { type: 'operator', id: operator.operatorId },
      before: { locale: operator.locale },
      after: { locale: body.locale },
    });
  },
});
