import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { processSingleton } from '../global';

/**
 * Mail is sent while a member waits (signup, password reset), so a dead server must fail within
 * seconds, not after nodemailer's default of minutes. Values given in the URL win.
 */
const DEFAULT_TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

interface TransportSlot {
  url: string | null;
  transport: Transporter | null;
}

const slot = processSingleton<TransportSlot>('mail-transport', () => ({ url: null, transport: null }));

function withDefaultTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(DEFAULT_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** The process's SMTP transport for `smtpUrl`, created on first use (and anew if the URL changes). */
export function getSmtpTransport(smtpUrl: string): Transporter {
  if (slot.transport && slot.url === smtpUrl) return slot.transport;
  slot.transport?.close();
  slot.transport = nodemailer.createTransport(withDefaultTimeouts(smtpUrl));
  slot.url = smtpUrl;
  return slot.transport;
}
