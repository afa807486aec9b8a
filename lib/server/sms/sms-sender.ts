import 'server-only';

/** A text message on its way out; `outboxId` is its row in sms_outbox. */
export interface OutgoingSms {
  outboxId: number;
  /** E.164. */
  to: string;
  text: string;
}

/** Delivers text messages; true when the message left, false when it is only kept in the outbox. */
export interface SmsSender {
  deliver(sms: OutgoingSms): Promise<boolean>;
}
