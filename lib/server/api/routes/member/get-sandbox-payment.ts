// GET /api/sandbox-payment.php: a payment on the sandbox provider's checkout page
import { z } from 'zod';
import { SandboxOutcomeSchema } from '@/lib/shared/schemas/payments';
import { AppError } from '../../../errors';
import { activePaymentProviderName } from '../../../payments/get-payment-provider';
import { getSandboxCheckout } from '../../../payments/sandbox-actions';
import { defineRoute } from '../../kit/define-route';

const SandboxPaymentSchema = z.object({
  payment: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    method: z.string().nullable(),
    description: z.string(),
    status: z.string(),
    sequence: z.string(),
    redirect_url: z.string(),
  }),
});

export const getSandboxPaymentRoute = defineRoute('GET /api/sandbox-payment.php', {
  access: 'visitor',
  summary: 'A sandbox checkout',
  query: z.object({ payment: SandboxOutcomeSchema.shape.payment }),
  response: {
    status: 200,
    description: 'The payment the sandbox asks the payer about',
    schema: SandboxPaymentSchema,
  },
  errors: ['not_found'],
  isEnabled: () => activePaymentProviderName() === 'sandbox',
  handler: async ({ query }) => {
    const payment = await getSandboxCheckout({ id: query.payment });
    if (!payment) throw new AppError('not_found', { log: `no sandbox payment ${query.payment}` });
    return { payment };
  },
});
