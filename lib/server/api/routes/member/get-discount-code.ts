// GET /api/discountcode.php: a discount code checked for the member and the order, or the welcome code
import { DiscountCodeQuerySchema, DiscountCodeResponseSchema } from '@/lib/shared/schemas/payments';
import { getDiscountCode } from '../../../discounts/get-discount-code';
import { defineRoute } from '../../kit/define-route';
import { MEMBER_READS } from '../../member-reads';

export const getDiscountCodeRoute = defineRoute('GET /api/discountcode.php', {
  access: 'member',
  summary: 'A discount code, or the welcome code',
  query: DiscountCodeQuerySchema,
  response: {
    status: 200,
    description: 'The discount code, checked for this member',
    schema: DiscountCodeResponseSchema,
  },
  errors: [
    'not_found',
    'discount_not_found',
    'discount_used',
    'discount_reserved',
    'discount_not_applicable',
  ],
  rateLimit: MEMBER_READS,
  cacheControl: 'private, no-store',
  handler: ({ viewer, query, locale }) => getDiscountCode({ userId: viewer.userId, query, locale }),
});
