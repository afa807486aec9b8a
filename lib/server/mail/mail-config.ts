import 'server-only';
import { z } from 'zod';
import { env } from '../env';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const MailEnvSchema = z.object({
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as "Lovelane" <mail@example.com>')
      .optional(),
  ),
  MAIL_OUTBOX_VIEW: flag,
});

/** How mail leaves the app. */
export interface MailConfig {
  /** SMTP server to deliver through; unset keeps mail in the outbox table only. */
  smtpUrl: string | undefined;
  /** Sender of every mail; unset means the site's mail name at noreply@<site domain>. */
  from: string | undefined;
  /** Whether the outbox may be read at /dev/outbox and /api/dev/outbox.php. */
  isOutboxViewEnabled: boolean;
}

/**
 * The mail configuration from the environment. Parsed on every call rather than cached: it is a
 * few string checks per mail, and tests switch SMTP and the outbox view on and off within a run.
 */
export function mailConfig(): MailConfig {
  const parsed = MailEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid mail configuration:\n${lines}\nSee .env.example for every variable.`);
  }
  return {
    smtpUrl: parsed.data.SMTP_URL,
    from: parsed.data.MAIL_FROM,
    isOutboxViewEnabled: parsed.data.MAIL_OUTBOX_VIEW || env().NODE_ENV === 'development',
  };
}
