// GET /api/sandbox-payment.php: a payment on the sandbox provider's checkout page, for its payer
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
    /** The stored card or mandate a repeat charge goes to ("Visa •••• 4242"). */
    mandate: z.string().nullable(),
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
  handler: async ({ query, viewer }) => {
    // Only the payer sees it; to anyone else it does not exist.
    const payment = await getSandboxCheckout({ id: query.payment, viewerId: viewer?.userId ?? null });
    if (!payment) throw new AppError('not_found', { log: `no sandbox payment ${query.payment}` });
    return { payment };
  },
});
