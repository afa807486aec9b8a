import 'server-only';
import { env } from '../env';
import { processSingleton } from '../global';
import { HttpSmsSender } from './http-sms-sender';
import { OutboxSmsSender } from './outbox-sms-sender';
import type { SmsSender } from './sms-sender';

interface SmsSenderSlot {
  /** The configuration the sender was made for. */
  made: string | null;
  sender: SmsSender | null;
}

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const slotOf = () => processSingleton<SmsSenderSlot>('sms-sender', () => ({ made: null, sender: null }));

/**
 * The SMS sender the environment asks for, one per process: the HTTP gateway when SMS_GATEWAY_URL
 * is set, otherwise the outbox. Made anew when the configuration changes.
 */
export function getSmsSender(): SmsSender {
  const slot = slotOf();
  const config = env();
  const made = config.SMS_GATEWAY_URL
    ? `gateway ${config.SMS_GATEWAY_URL} ${config.SMS_GATEWAY_TOKEN ? 'token' : ''}`
    : `outbox ${config.NODE_ENV}`;
  if (slot.sender && slot.made === made) return slot.sender;
  slot.sender = config.SMS_GATEWAY_URL
    ? new HttpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN)
    : new OutboxSmsSender({
        logsText: config.NODE_ENV === 'development',
        warnsUndelivered: config.NODE_ENV === 'production',
      });
  slot.made = made;
  return slot.sender;
}
