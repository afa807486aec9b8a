import { describe, expect, it } from 'vitest';
import { timeZoneCookieLine } from '@/components/layout/time-zone-cookie';
import { memberTimeZone, normalizeTimeZone, pageTimeZone } from '@/lib/shared/time-zones';

describe('time zones from browsers', () => {
  it('are taken only when the runtime knows them, in its own spelling', () => {
    expect(normalizeTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(normalizeTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    for (const value of [
      'Mars/Olympus_Mons',
      '',
      '+01:00',
      '../../etc/passwd',
      'Europe/Berlin\n',
      42,
      null,
    ]) {
      expect(normalizeTimeZone(value)).toBeNull();
    }
  });

  it('fall back to the member’s country, then the company’s clock', () => {
    expect(memberTimeZone({ timeZone: 'Asia/Tokyo', countries: ['GB'] })).toBe('Asia/Tokyo');
    expect(memberTimeZone({ timeZone: null, countries: ['GB', 'NL'] })).toBe('Europe/London');
    expect(memberTimeZone({ timeZone: 'nonsense', countries: ['XX', 'PL'] })).toBe('Europe/Warsaw');
    expect(memberTimeZone({ timeZone: null, countries: [null] })).toBe('Europe/Amsterdam');
  });

  it('reach the server in a cookie written once per zone', () => {
    const line = timeZoneCookieLine({ cookies: 'theme=dark', zone: 'America/New_York', isSecure: true });
    expect(line).toBe('tz=America/New_York; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(
      timeZoneCookieLine({
        cookies: 'tz=America/New_York; theme=dark',
        zone: 'America/New_York',
        isSecure: true,
      }),
    ).toBeNull();
    // A member who travelled: the new zone replaces the old.
    expect(timeZoneCookieLine({ cookies: 'tz=America/New_York', zone: 'Europe/Rome', isSecure: false })).toBe(
      'tz=Europe/Rome; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(timeZoneCookieLine({ cookies: '', zone: undefined, isSecure: false })).toBeNull();
  });

  it('set the clock of the pages: the cookie’s, else the visitor’s country’s, else the company’s', () => {
    expect(pageTimeZone({ cookie: 'Europe/Helsinki', geoipCountry: 'US' })).toBe('Europe/Helsinki');
    expect(pageTimeZone({ cookie: 'Not/AZone', geoipCountry: 'us' })).toBe('America/New_York');
    expect(pageTimeZone({ cookie: undefined, geoipCountry: 'JP' })).toBe('Europe/Amsterdam');
    expect(pageTimeZone({ cookie: undefined, geoipCountry: null })).toBe('Europe/Amsterdam');
  });
});
