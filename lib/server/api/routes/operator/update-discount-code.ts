// PUT /api/operator/discount-codes.php: change a discount code or switch it off
import { DiscountCodeChangeSchema, DiscountCodeSavedSchema } from '@/lib/shared/schemas/operator-sites';
import { saveDiscountCode } from '../../../discounts/save-discount-code';
import { defineRoute } from '../../kit/define-route';

export const updateDiscountCodeRoute = defineRoute('PUT /api/operator/discount-codes.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Change a discount code',
  body: DiscountCodeChangeSchema,
  response: { status: 200, description: 'The code, changed', schema: DiscountCodeSavedSchema },
  errors: ['not_found', 'field_invalid'],
  handler: async ({ body, audit }) => {
    const { before, discountCode } = await saveDiscountCode({ input: body });
    audit({
      action: 'discount_code.update',
      subject: { type: 'discount_code', id: discountCode.id },
      before,
      after: discountCode,
    });
    return { discount_code: discountCode };
  },
});
