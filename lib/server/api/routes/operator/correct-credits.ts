// POST /api/operator/credits.php: correct a member's credits with a new ledger row and its reason
import { CreditCorrectedSchema, CreditCorrectionSchema } from '@/lib/shared/schemas/operator-support';
import { correctCredits } from '../../../credits/correct-credits';
import { defineRoute } from '../../kit/define-route';

export const correctCreditsRoute = defineRoute('POST /api/operator/credits.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'Correct a member’s credits',
  body: CreditCorrectionSchema,
  response: { status: 201, description: 'The correction, booked', schema: CreditCorrectedSchema },
  errors: ['not_found', 'field_invalid'],
  handler: async ({ body, audit }) => {
    const { entry, before, balance } = await correctCredits({
      userId: body.member,
      delta: body.delta,
      reason: body.reason,
    });
    audit({
      action: 'credits.correct',
      subject: { type: 'member', id: body.member },
      before: { credits: before },
      after: { credits: balance, delta: body.delta, reason: body.reason, entry: entry.id },
    });
    return {
      entry: {
        id: entry.id,
        delta: entry.delta,
        reason: entry.reason,
        reference: entry.reference,
        note: entry.note,
        created: entry.createdAt.toISOString(),
      },
      credits: balance,
    };
  },
});
