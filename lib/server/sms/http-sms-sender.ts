import 'server-only';
import type { OutgoingSms, SmsSender } from './sms-sender';

/** How long the gateway may take to accept a message. */
const TIMEOUT_MS = 10_000;

/**
 * Sends through an HTTP SMS gateway: `POST <url>` with JSON `{ to, text }` and a bearer token.
 * Any 2xx answer counts as sent; anything else throws with the gateway's status.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async deliver(sms: OutgoingSms): Promise<boolean> {
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS gateway answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    return true;
  }
}
