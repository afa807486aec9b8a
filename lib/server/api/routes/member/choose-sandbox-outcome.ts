// POST /api/sandbox-payment.php: the payer's choice on the sandbox checkout page (their own payment only)
import { z } from 'zod';
import { SandboxOutcomeSchema } from '@/lib/shared/schemas/payments';
import { activePaymentProviderName } from '../../../payments/get-payment-provider';
import { chooseSandboxOutcome } from '../../../payments/sandbox-actions';
import { defineRoute } from '../../kit/define-route';

export const chooseSandboxOutcomeRoute = defineRoute('POST /api/sandbox-payment.php', {
  access: 'visitor',
  summary: 'Complete a sandbox checkout',
  body: SandboxOutcomeSchema,
  response: {
    status: 200,
    description: 'Where the payer goes back to (the transaction page)',
    schema: z.object({ redirect_url: z.string() }),
  },
  errors: ['not_found', 'payment_unavailable'],
  isEnabled: () => activePaymentProviderName() === 'sandbox',
  // A visitor or another member is told the payment does not exist (sandbox-actions.ts).
  handler: ({ body, viewer }) =>
    chooseSandboxOutcome({
      id: body.payment,
      viewerId: viewer?.userId ?? null,
      outcome: body.outcome,
      declineRepeats: body.decline_repeats,
    }),
});
