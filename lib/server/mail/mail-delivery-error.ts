import 'server-only';

/** A mail could not be handed to the SMTP server; it stays in the outbox with the reason. */
export class MailDeliveryError extends Error {
  constructor(
    readonly outboxId: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
