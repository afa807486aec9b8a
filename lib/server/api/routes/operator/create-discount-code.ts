// POST /api/operator/discount-codes.php: add a discount code
import { DiscountCodeSavedSchema, NewDiscountCodeSchema } from '@/lib/shared/schemas/operator-sites';
import { saveDiscountCode } from '../../../discounts/save-discount-code';
import { defineRoute } from '../../kit/define-route';

export const createDiscountCodeRoute = defineRoute('POST /api/operator/discount-codes.php', {
  access: 'operator',
  roles: ['admin'],
  summary: 'Add a discount code',
  body: NewDiscountCodeSchema,
  response: { status: 201, description: 'The new code', schema: DiscountCodeSavedSchema },
  errors: ['field_invalid'],
  handler: async ({ body, audit }) => {
    const { discountCode } = await saveDiscountCode({ input: body });
    audit({
      action: 'discount_code.create',
      subject: { type: 'discount_code', id: discountCode.id },
      after: discountCode,
    });
    return { discount_code: discountCode };
  },
});
