import 'server-only';
import { env } from '../env';
import type { RateLimitRule } from './kit/define-route';

/** Member searches and member pages, per member (or address for visitors) and minute, against scraping. */
export const MEMBER_READS: RateLimitRule = {
  name: 'member-reads',
  limit: () => env().RATE_LIMIT_MEMBER_READS_PER_MINUTE,
  windowSeconds: 60,
  per: 'member-or-address',
  store: 'memory',
};
