import 'server-only';
import type { OutgoingSms, SmsSender } from './sms-sender';

export interface OutboxSmsSenderOptions {
  /** Whether the log line may carry the text (the code in it): on a developer's machine only. */
  logsText: boolean;
  /** Warn once that messages are not delivered (in production, a misconfiguration). */
  warnsUndelivered: boolean;
}

/**
 * Delivers nothing: the message stays in the sms_outbox table (where every message is recorded),
 * and one log line says so. Used when no SMS_GATEWAY_URL is set.
 */
export class OutboxSmsSender implements SmsSender {
  private hasWarned = false;

  constructor(private readonly options: OutboxSmsSenderOptions) {}

  deliver(sms: OutgoingSms): Promise<boolean> {
    if (this.options.warnsUndelivered && !this.hasWarned) {
      this.hasWarned = true;
      console.warn(
        '[sms] SMS_GATEWAY_URL is not set: text messages are kept in the sms_outbox table, not sent.',
      );
    }
    const line = `[sms] #${sms.outboxId} to ${maskNumber(sms.to)}`;
    console.info(this.options.logsText ? `${line}: ${sms.text}` : `${line} kept in the outbox`);
    return Promise.resolve(false);
  }
}

/** A phone number with all but its last three digits hidden, for logs and for the member. */
export function maskNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length <= 3) return e164;
  const prefix = e164.startsWith('+') ? '+' : '';
  return `${prefix}${'•'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}
