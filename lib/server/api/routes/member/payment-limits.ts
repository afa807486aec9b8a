import { env } from '../../../env';
import type { RateLimitRule } from '../../kit/define-route';

/** Payments a member may start an hour (checkouts and repeat orders share it), against card testing. */
export const PAYMENT_STARTS: RateLimitRule = {
  name: 'payment-start',
  limit: () => env().RATE_LIMIT_PAYMENTS_PER_HOUR,
  windowSeconds: 3_600,
  per: 'member-or-address',
  store: 'database',
};
