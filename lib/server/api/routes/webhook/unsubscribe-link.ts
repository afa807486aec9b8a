// GET /api/webhooks/unsubscribe.php?token=…: the one-click address opened in a browser; leads to the page that asks first
import { defineRoute } from '../../kit/define-route';
import { UNSUBSCRIBE_CALLS, UnsubscribeQuerySchema } from './unsubscribe';

export const unsubscribeLinkRoute = defineRoute('GET /api/webhooks/unsubscribe.php', {
  access: 'webhook',
  summary: 'Opens the unsubscribe page for a one-click unsubscribe address (never unsubscribes)',
  query: UnsubscribeQuerySchema,
  response: {
    status: 302,
    description: 'To /unsubscribe?token=…, which shows what stops and asks to confirm',
  },
  errors: ['validation_failed', 'rate_limited'],
  rateLimit: UNSUBSCRIBE_CALLS,
  // Link checkers and scanners open links in mail: a GET must never unsubscribe (RFC 8058 §3.2).
  handler: ({ query }) =>
    Promise.resolve({ redirect: `/unsubscribe?token=${encodeURIComponent(query.token)}` }),
});
