// POST /api/webhooks/unsubscribe.php?token=…: one-click unsubscribe from one kind of notification mail (RFC 8058)
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@/lib/shared/values/notifications';
import { unsubscribeByToken } from '../../../notifications/unsubscribe-by-token';
import { defineRoute, type RateLimitRule } from '../../kit/define-route';

/** Unsubscribe calls one address may make a minute: mailbox providers call in bursts, guessers are slowed. */
export const UNSUBSCRIBE_CALLS: RateLimitRule = {
  name: 'unsubscribe',
  limit: 120,
  windowSeconds: 60,
  per: 'address',
  store: 'memory',
};

export const UnsubscribeQuerySchema = z.object({ token: z.string().trim().min(1).max(300) });

export const unsubscribeRoute = defineRoute('POST /api/webhooks/unsubscribe.php', {
  access: 'webhook',
  summary: 'One-click unsubscribe from one kind of notification mail',
  // The mailbox provider posts `List-Unsubscribe=One-Click` (form encoded); the page posts JSON.
  // The signed token is the permission, so the body is not read.
  query: UnsubscribeQuerySchema,
  response: {
    status: 200,
    description: 'That kind of notification mail is switched off for the token’s member',
    schema: z.object({ unsubscribed: z.literal(true), kind: z.enum(NOTIFICATION_KINDS) }),
  },
  errors: ['link_invalid', 'rate_limited'],
  rateLimit: UNSUBSCRIBE_CALLS,
  handler: async ({ query }) => {
    const { kind } = await unsubscribeByToken({ token: query.token });
    return { unsubscribed: true as const, kind };
  },
});
