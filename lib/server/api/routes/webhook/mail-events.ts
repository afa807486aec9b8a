// POST /api/webhooks/mail-events.php: bounce and spam-complaint reports from the mail service
import { z } from 'zod';
import { env } from '../../../env';
import { AppError } from '../../../errors';
import {
  MAIL_SIGNATURE_HEADER,
  MAIL_TIMESTAMP_HEADER,
  receiveMailEvents,
} from '../../../notifications/receive-mail-events';
import { defineRoute, type RateLimitRule } from '../../kit/define-route';

const MAIL_EVENT_CALLS: RateLimitRule = {
  name: 'mail-events',
  limit: 600,
  windowSeconds: 60,
  per: 'address',
  store: 'memory',
};

const MAX_BODY = 256 * 1024;

export const mailEventsRoute = defineRoute('POST /api/webhooks/mail-events.php', {
  access: 'webhook',
  summary:
    'Bounce and spam-complaint reports (signed, timestamped, each taken once); they stop the member’s notification mail',
  response: {
    status: 200,
    description: 'Reports recorded (other events are acknowledged and ignored)',
    schema: z.object({ received: z.number().int() }),
  },
  errors: ['signature_invalid', 'invalid_json', 'validation_failed', 'payload_too_large', 'rate_limited'],
  rateLimit: MAIL_EVENT_CALLS,
  // Without a secret there is nothing to check a report with: the route does not exist.
  isEnabled: () => Boolean(env().MAIL_WEBHOOK_SECRET || env().MAILGUN_WEBHOOK_SIGNING_KEY),
  handler: async ({ c }) => {
    const declared = Number(c.req.header('content-length') ?? '');
    if (Number.isFinite(declared) && declared > MAX_BODY) throw new AppError('payload_too_large');
    const raw = await c.req.text();
    if (raw.length > MAX_BODY) throw new AppError('payload_too_large');
    return receiveMailEvents({
      raw,
      signature: c.req.header(MAIL_SIGNATURE_HEADER),
      timestamp: c.req.header(MAIL_TIMESTAMP_HEADER),
    });
  },
});
