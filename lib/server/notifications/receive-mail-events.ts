import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getDb } from '../db/client';
import { mailEventTokens } from '../db/schema/notifications';
import { env } from '../env';
import { AppError } from '../errors';
import { recordMailEvent, type MailEventType } from './record-mail-event';

/**
 * The header carrying the signature of our own event format: `sha256=<hex HMAC-SHA256 of
 * "<timestamp>.<raw body>">`.
 */
export const MAIL_SIGNATURE_HEADER = 'x-mail-signature';
/** The header carrying the time our own format's report was signed, in Unix seconds. */
export const MAIL_TIMESTAMP_HEADER = 'x-mail-timestamp';

/**
 * How far (either way) a signed report's timestamp may be from the server's clock: one signed longer
 * ago, or dated further ahead, is refused; the tokens of reports taken are remembered this long.
 */
export const MAIL_EVENT_WINDOW_SECONDS = 5 * 60;

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

/** What a genuine, fresh report holds: its reports, and the token that makes it unique. */
interface SignedReports {
  reports: Report[];
  token: string;
  signedAt: Date;
}

/**
 * The time a signature says it was made (Unix seconds), refused when it is not a number or lies
 * more than MAIL_EVENT_WINDOW_SECONDS from `now`: a signature captured on the way is good for a few
 * minutes only.
 */
function freshTimestamp(value: string | undefined, now: Date): Date {
  const seconds = value && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null;
  if (seconds === null) {
    throw new AppError('signature_invalid', { log: 'mail event without a signed timestamp' });
  }
  if (Math.abs(now.getTime() / 1000 - seconds) > MAIL_EVENT_WINDOW_SECONDS) {
    throw new AppError('signature_invalid', {
      log: `mail event signed at ${seconds}, outside the window of ${MAIL_EVENT_WINDOW_SECONDS} s`,
    });
  }
  return new Date(seconds * 1000);
}

/**
 * Reports in our own format, after checking the signature with MAIL_WEBHOOK_SECRET: the HMAC of the
 * timestamp header, a dot and the raw body, so neither can be changed or reused with the other.
 */
function ownReports(raw: string, signature: string, timestamp: string | undefined, now: Date): SignedReports {
  const secret = env().MAIL_WEBHOOK_SECRET;
  const hex = signature.trim().replace(/^sha256=/i, '');
  const stamp = timestamp?.trim() ?? '';
  if (!secret || !/^[0-9a-f]{64}$/i.test(hex) || !isSignedBy(secret, `${stamp}.${raw}`, hex)) {
    throw new AppError('signature_invalid', { log: 'mail event with a wrong signature' });
  }
  const signedAt = freshTimestamp(stamp, now);
  const body = parse(BodySchema, parseJson(raw));
  const events = 'events' in body ? body.events : [body];
  const reports = events.map((event) => ({
    type: event.type,
    email: event.email,
    stops: event.type === 'complaint' || event.permanent !== false,
    detail: {
      ...(event.id ? { id: event.id } : {}),
      ...(event.reason ? { reason: event.reason } : {}),
      permanent: event.permanent ?? true,
    },
  }));
  return { reports, token: `own:${hex.toLowerCase()}`, signedAt };
}

/**
 * Reports in Mailgun's format, after checking its signature with MAILGUN_WEBHOOK_SIGNING_KEY. The
 * signature covers only its timestamp and token, not the event: what keeps a captured signature from
 * carrying another event is the freshness window and taking each token once.
 */
function mailgunReports(json: unknown, now: Date): SignedReports {
  const key = env().MAILGUN_WEBHOOK_SIGNING_KEY;
  const body = MailgunSchema.safeParse(json);
  if (!key || !body.success)
    throw new AppError('signature_invalid', { log: 'mail event without a signature' });
  const { signature, 'event-data': event } = body.data;
  if (!isSignedBy(key, signature.timestamp + signature.token, signature.signature)) {
    throw new AppError('signature_invalid', { log: 'Mailgun event with a wrong signature' });
  }
  const signedAt = freshTimestamp(signature.timestamp, now);
  const token = `mailgun:${signature.token}`;
  const email = parse(Email, event.recipient);
  const detail = {
    provider: 'mailgun',
    event: event.event,
    severity: event.severity,
    id: event.id,
    reason: event.reason,
  };
  const signed = (reports: Report[]): SignedReports => ({ reports, token, signedAt });
  if (event.event === 'complained') return signed([{ type: 'complaint', email, stops: true, detail }]);
  // Mailgun retries temporary failures itself; only a permanent one is a bounce.
  if (event.event === 'failed' && event.severity === 'permanent')
    return signed([{ type: 'bounce', email, stops: true, detail }]);
  return signed([]);
}

/**
 * `POST /api/webhooks/mail-events.php`: bounce and spam-complaint reports from the mail service.
 * Our own format is signed in the X-Mail-Signature header (HMAC-SHA256 of the X-Mail-Timestamp
 * header, a dot and the raw body, with MAIL_WEBHOOK_SECRET); Mailgun's carries its signature in the
 * body (MAILGUN_WEBHOOK_SIGNING_KEY). Nothing is believed before the signature checks out, its
 * timestamp is within MAIL_EVENT_WINDOW_SECONDS of now and its token was never taken before
 * (`signature_invalid`, 401). The token is taken in the same transaction that records the reports,
 * so of two identical requests one is taken, and a report that failed to record can come again.
 * Each report stops the member's notification mail (see recordMailEvent). Answers how many reports
 * were recorded; events of other kinds are acknowledged and ignored.
 */
export async function receiveMailEvents(options: {
  raw: string;
  signature: string | undefined;
  timestamp: string | undefined;
  now?: Date;
}): Promise<{ received: number }> {
  const now = options.now ?? new Date();
  const { reports, token, signedAt } = options.signature
    ? ownReports(options.raw, options.signature, options.timestamp, now)
    : mailgunReports(parseJsonOrNull(options.raw), now);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const taken = await tx
      .insert(mailEventTokens)
      .values({ token, signedAt, receivedAt: now })
      .onConflictDoNothing()
      .returning({ token: mailEventTokens.token });
    if (taken.length === 0) {
      throw new AppError('signature_invalid', { log: 'mail event whose signature was used before' });
    }
    for (const report of reports) {
      await recordMailEvent({ ...report, source: 'webhook', now, tx });
    }
  });
  return { received: reports.length };
}

function parseJsonOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
