import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { parseProxyTrust } from '@/lib/shared/client-address';
import { CHAT_HISTORY_DAYS_DEFAULT, CHAT_MESSAGES_PER_MINUTE } from '@/lib/shared/values/chat';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A VAPID subject push services accept: `mailto:` with an address, or an https URL not on this machine. */
export function isVapidSubject(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') {
    const domain = url.pathname.split('@')[1] ?? '';
    return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname) && !LOOPBACK_HOST.test(domain);
  }
  return url.protocol === 'https:' && !LOOPBACK_HOST.test(url.hostname) && url.hostname.includes('.');
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Redis for state shared by every app instance on every machine: rate limits, presence and typing,
   * and the bus that carries live events and cache invalidations. Unset: process memory and the
   * database, as on one machine.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,40}$/, 'letters, digits and : _ . - (at most 40)')
    .default('lovelane:'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes on PostgreSQL (one per core when unset); the embedded database takes one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  /**
   * The reverse proxies in front of the server whose X-Forwarded-For, X-Forwarded-Proto and geo-IP
   * headers count: none, how many in a row (1 or true: one), or their networks (see client-address.ts).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseProxyTrust(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  API_MOCKING: flag,
  CDN_PREFIX: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  /** Web push keys (P-256, base64url: the 65-byte public point, the 32-byte private scalar); both or none. */
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /**
   * Who push services may contact about this site's pushes: a mailto: address or an https URL, never
   * localhost (Apple refuses it). Unset: mailto: the site's support address.
   */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .refine(isVapidSubject, 'must be a mailto: address or an https: URL that is not localhost')
      .optional(),
  ),
  /**
   * Push services besides the browsers' own (Google, Mozilla, Apple, Microsoft) that subscriptions may
   * name, as host names separated by commas: the server posts to these addresses, so no others.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [],
    ),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_MEMBER_READS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_LIKES_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Chat messages are neither shown nor served once they are older than this many days (spec §6). */
  CHAT_HISTORY_DAYS: z.coerce.number().int().min(1).max(36_500).default(CHAT_HISTORY_DAYS_DEFAULT),
  /** Messages one member may send a minute (any kind), against spam. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(CHAT_MESSAGES_PER_MINUTE),
  SEED_DEMO: flag,
  /** SMTP server to deliver mail through; unset keeps mail in the outbox table only. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** Sender of every mail; unset means the site's mail name at noreply@<site domain>. */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as "Lovelane" <mail@example.com>')
      .optional(),
  ),
  /** Whether the outbox may be read at /dev/outbox and /api/dev/outbox.php (always in development). */
  MAIL_OUTBOX_VIEW: flag,
  /**
   * Lets `POST /api/dev/operator.php` make operators for browser tests (scripts/e2e-server.mjs sets it).
   * Never on a site people use.
   */
  DEV_OPERATOR_FACTORY: flag,
  /**
   * DKIM signing of outgoing SMTP mail: the signing domain, the selector of its DNS key record, and
   * the RSA private key (PEM, `\n` allowed for line breaks, or the path of a PEM file). All or none.
   */
  DKIM_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as example.com')
      .optional(),
  ),
  DKIM_SELECTOR: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9._-]+$/i, 'must be a DNS label such as mail2026')
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalText,
  /** Key of the signed one-click unsubscribe links; unset: generated once and stored in the database. */
  UNSUBSCRIBE_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Key the operators' authenticator secrets are encrypted with; unset: generated once and stored in the database. */
  OPERATOR_TOTP_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Shared secret of the bounce and complaint webhook (`POST /api/webhooks/mail-events.php`): the
   * sender signs `<X-Mail-Timestamp>.<raw body>` with HMAC-SHA256. Unset (and no
   * MAILGUN_WEBHOOK_SIGNING_KEY): no webhook.
   */
  MAIL_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Mailgun's webhook signing key, to accept Mailgun's own bounce and complaint events on the same route. */
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalText,
  /**
   * SMS gateway that sends text messages (the direct-debit codes): each message is posted as JSON
   * `{ to, text }` with `Authorization: Bearer SMS_GATEWAY_TOKEN`. Unset keeps messages in the
   * sms_outbox table only (read at /dev/outbox).
   */
  SMS_GATEWAY_URL: optionalText.pipe(z.string().url().optional()),
  SMS_GATEWAY_TOKEN: optionalText,
  /** GIF search: `klipy`, `giphy` or the `catalogue` shipped with the app; unset: the service whose key is set. */
  GIF_SERVICE: optionalText.pipe(z.enum(['klipy', 'giphy', 'catalogue']).optional()),
  KLIPY_API_KEY: optionalText,
  GIPHY_API_KEY: optionalText,
  /** GIF searches per member and minute (protects the GIF service's key). */
  RATE_LIMIT_GIF_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The payment service: the embedded `sandbox` (default) or `mollie`. */
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['sandbox', 'mollie']).default('sandbox')),
  /**
   * Lets a deployment (production with a public APP_URL or site domain) run on the sandbox: test
   * payments anyone's own session can mark paid, announced on every page as a test site.
   */
  ALLOW_SANDBOX_PAYMENTS: flag,
  /** Mollie's API key (`live_…`, or `test_…` for Mollie's test mode). */
  MOLLIE_API_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(live|test)_\w{20,}$/, 'must be a Mollie API key (live_… or test_…)')
      .optional(),
  ),
  /** Wait before a failed job (a webhook call) is tried again; it doubles with every try (a minute, like Mollie). */
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** Payments a member may start per hour (against card testing and checkout spam). */
  RATE_LIMIT_PAYMENTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * A cam partner's feed of promoted cams (JSON, see lib/server/cams/feed-cams.ts), shown where a
   * site's `member_resell` is on; unset: the demonstration catalogue shipped with the app.
   */
  CAMS_FEED_URL: optionalText.pipe(z.string().url().optional()),
});

/** Settings that only make sense together. */
const CheckedEnvSchema = EnvSchema.superRefine((config, ctx) => {
  for (const [service, key] of [
    ['klipy', 'KLIPY_API_KEY'],
    ['giphy', 'GIPHY_API_KEY'],
  ] as const) {
    if (config.GIF_SERVICE === service && !config[key]) {
      ctx.addIssue({ code: 'custom', path: [key], message: `GIF_SERVICE=${service} needs ${key}` });
    }
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither, to generate a pair)',
    });
  }
  const dkim = [config.DKIM_DOMAIN, config.DKIM_SELECTOR, config.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    ctx.addIssue({
      code: 'custom',
      path: ['DKIM_PRIVATE_KEY'],
      message: 'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together',
    });
  }
  if (config.PAYMENT_PROVIDER === 'mollie' && !config.MOLLIE_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['MOLLIE_API_KEY'],
      message: 'PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY',
    });
  }
});

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  const parsed = CheckedEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}\nSee .env.example for every variable.`);
  }
  return parsed.data;
}

const globalEnv = globalThis as unknown as { __appEnv?: Env };

/** The configuration, read from the process environment once and validated. */
export function env(): Env {
  globalEnv.__appEnv ??= readEnv();
  return globalEnv.__appEnv;
}

/**
 * Forgets the parsed configuration, so the next `env()` reads the process environment again. For
 * tests that change variables within a run; the app itself reads its environment once.
 */
export function resetEnv(): void {
  delete globalEnv.__appEnv;
}

/** Absolute data directory for the embedded database and local files. */
export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}
