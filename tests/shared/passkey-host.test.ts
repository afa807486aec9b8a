import { describe, expect, it } from 'vitest';
import { isIpHost } from '@/lib/api/passkeys';

describe('passkeys on the page’s host', () => {
  it('are offered on a site’s domain and on localhost, not on an IP address', () => {
    for (const host of ['lovelane.example', 'www.lovelane.nl', 'localhost', '127.example.com'])
      expect(isIpHost(host)).toBe(false);
    for (const host of ['127.0.0.1', '192.0.2.7', '[::1]', '[2001:db8::1]'])
      expect(isIpHost(host)).toBe(true);
  });
});
