// POST /api/dev/operator.php: a new console operator of a role, with a generated address and password; browser tests only
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OPERATOR_ROLE_NAMES } from '@/lib/shared/schemas/operators';
import { env } from '../../../env';
import { addOperator } from '../../../operators/add-operator';
import { defineRoute } from '../../kit/define-route';

export const createDevOperatorRoute = defineRoute('POST /api/dev/operator.php', {
  access: 'visitor',
  summary: 'Create a console operator (browser tests)',
  // Absent unless DEV_OPERATOR_FACTORY is set, which only the browser tests' server does. The operator
  // still logs in with the password and sets up the second factor like any other.
  isHidden: true,
  isEnabled: () => env().DEV_OPERATOR_FACTORY,
  body: z.object({ role: z.enum(OPERATOR_ROLE_NAMES), name: z.string().min(1).max(80).optional() }).strict(),
  response: {
    status: 201,
    description: 'Created',
    schema: z.object({ id: z.number().int(), email: z.string(), password: z.string() }),
  },
  handler: async ({ body }) => {
    const email = `${body.role}-${randomBytes(6).toString('hex')}@operators.lovelane.test`;
    const { operatorId, password } = await addOperator({
      email,
      name: body.name ?? `Test ${body.role}`,
      role: body.role,
    });
    return { id: operatorId, email, password };
  },
});
