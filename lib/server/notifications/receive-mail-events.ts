import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '../env';
import { AppError } from '../errors';
import { recordMailEvent, type MailEventType } from './record-mail-event';

/** The header carrying the signature of our own event format: `sha256=<hex HMAC of the raw body>`. */
export const MAIL_SIGNATURE_HEADER = 'x-mail-signature';

const Email = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address');

/**
 * One report in the documented format: `{ "type": "bounce" | "complaint", "email": "…",
 * "permanent"?: boolean, "reason"?: "…", "id"?: "…" }`; several as `{ "events": [ … ] }`.
 */
const EventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: Email,
  /** A bounce that may pass (a full mailbox): recorded, but nothing stops. */
  permanent: z.boolean().optional(),
  reason: z.string().max(1_000).optional(),
  id: z.string().max(200).optional(),
});
const BodySchema = z.union([EventSchema, z.object({ events: z.array(EventSchema).min(1).max(100) })]);

/** Mailgun's webhook body: its signature, and the event (`failed` or `complained`). */
const MailgunSchema = z.object({
  signature: z.object({
    timestamp: z.string().max(20),
    token: z.string().max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/i),
  }),
  'event-data': z.object({
    event: z.string().max(40),
    severity: z.string().max(40).optional(),
    recipient: z.string().max(320),
    reason: z.string().max(1_000).optional(),
    id: z.string().max(200).optional(),
  }),
});

/** Whether `given` (hex) is the HMAC-SHA256 of `data` under `key`, compared in constant time. */
function isSignedBy(key: string, data: string, given: string): boolean {
  const expected = createHmac('sha256', key).update(data).digest();
  const provided = Buffer.from(given, 'hex');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('invalid_json');
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('validation_failed', {
      log: 'mail event not understood',
      detail: z.prettifyError(parsed.error).slice(0, 500),
    });
  }
  return parsed.data;
}

interface Report {
  type: MailEventType;
  email: string;
  stops: boolean;
  detail: Record<string, unknown>;
}

/** Reports in our own format, after checking the body's signature with MAIL_WEBHOOK_SECRET. */
function ownReports(raw: string, signature: string): Report[] {
  const secret = env().MAIL_WEBHOOK_SECRET;
  const hex = signature.trim().replace(/^sha256=/i, '');
  if (!secret || !/^[0-9a-f]{64}$/i.test(hex) || !isSignedBy(secret, raw, hex)) {
    throw new AppError('signature_invalid', { log: 'mail event with a wrong signature' });
  }
  const body = parse(BodySchema, parseJson(raw));
  const events = 'events' in body ? body.events : [body];
  return events.map((event) => ({
    type: event.type,
    email: event.email,
    stops: event.type === 'complaint' || event.permanent !== false,
    detail: {
      ...(event.id ? { id: event.id } : {}),
      ...(event.reason ? { reason: event.reason } : {}),
      permanent: event.permanent ?? true,
    },
  }));
}

/** Reports in Mailgun's format, after checking its signature with MAILGUN_WEBHOOK_SIGNING_KEY. */
function mailgunReports(json: unknown): Report[] {
  const key = env().MAILGUN_WEBHOOK_SIGNING_KEY;
  const body = MailgunSchema.safeParse(json);
  if (!key || !body.success)
    throw new AppError('signature_invalid', { log: 'mail event without a signature' });
  const { signature, 'event-data': event } = body.data;
  if (!isSignedBy(key, signature.timestamp + signature.token, signature.signature)) {
    throw new AppError('signature_invalid', { log: 'Mailgun event with a wrong signature' });
  }
  const email = parse(Email, event.recipient);
  const detail = {
    provider: 'mailgun',
    event: event.event,
    severity: event.severity,
    id: event.id,
    reason: event.reason,
  };
  if (event.event === 'complained') return [{ type: 'complaint', email, stops: true, detail }];
  // Mailgun retries temporary failures itself; only a permanent one is a bounce.
  if (event.event === 'failed' && event.severity === 'permanent')
    return [{ type: 'bounce', email, stops: true, detail }];
  return [];
}

/**
 * `POST /api/webhooks/mail-events.php`: bounce and spam-complaint reports from the mail service.
 * Our own format is signed in the X-Mail-Signature header (HMAC-SHA256 of the raw body with
 * MAIL_WEBHOOK_SECRET); Mailgun's carries its signature in the body (MAILGUN_WEBHOOK_SIGNING_KEY).
 * Nothing is believed before the signature checks out (`signature_invalid`, 401). Each report is
 * recorded and stops the member's notification mail (see recordMailEvent). Answers how many
 * reports were recorded; events of other kinds are acknowledged and ignored.
 */
export async function receiveMailEvents(options: {
  raw: string;
  signature: string | undefined;
  now?: Date;
}): Promise<{ received: number }> {
  const reports = options.signature
    ? ownReports(options.raw, options.signature)
    : mailgunReports(parseJsonOrNull(options.raw));
  for (const report of reports) {
    await recordMailEvent({ ...report, source: 'webhook', now: options.now });
  }
  return { received: reports.length };
}

function parseJsonOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
