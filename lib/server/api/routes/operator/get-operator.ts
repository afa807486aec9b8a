// GET /api/operator/session.php: the logged-in operator, and what their session still needs
import { OperatorSchema } from '@/lib/shared/schemas/operators';
import { getOperatorOrThrow } from '../../../operators/get-operator';
import { defineRoute } from '../../kit/define-route';

export const getOperatorRoute = defineRoute('GET /api/operator/session.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'The logged-in operator',
  response: { status: 200, description: 'The logged-in operator', schema: OperatorSchema },
  handler: ({ operator }) => getOperatorOrThrow(operator),
});
