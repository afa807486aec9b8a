import { describe, expect, it } from 'vitest';
import {
  landerCookieValue,
  landerFromPath,
  parseLanderCookie,
  parseTrackingCookie,
  refusesTracking,
  trackingFromQuery,
} from '@/lib/shared/attribution';
import { TrackingSchema } from '@/lib/shared/schemas/auth';

describe('traffic source of a query', () => {
  it('keeps each value the server takes and drops the rest', () => {
    const query = new URLSearchParams({
      network: ' adnet ',
      ref: 'x'.repeat(129),
      sub1: 'banner\u0007',
      sub2: '',
      sub3: 'späť',
      other: 'ignored',
    });
    const tracking = trackingFromQuery(query);
    expect(tracking).toEqual({ network: 'adnet', sub3: 'späť' });
    expect(TrackingSchema.strict().safeParse(tracking).success).toBe(true);
  });

  it('keeps only letters, digits and a few plain marks, starting with a letter or digit', () => {
    for (const value of [
      'adnet',
      'Banner_300x250',
      'summer sale',
      'ca-pub.7:42/a~b+c%',
      'Zürich',
      '北京',
      '42',
    ]) {
      expect(trackingFromQuery(new URLSearchParams({ sub1: value }))).toEqual({ sub1: value });
    }
    for (const value of [
      '=HYPERLINK("http://evil.example","x")',
      '+SUM(9*9)',
      '-2+3',
      '@SUM(1)',
      'a\tb',
      'a"b',
      "it's",
      'a,b',
      'a;b',
      '<script>',
      'a=b',
      '{clickid}',
      'ab\u202e',
    ]) {
      expect(trackingFromQuery(new URLSearchParams({ sub1: value })), value).toBeNull();
      expect(parseTrackingCookie(JSON.stringify({ sub1: value })), value).toBeNull();
      expect(TrackingSchema.parse({ network: 'adnet', sub1: value }), value).toEqual({
        network: 'adnet',
        sub1: undefined,
      });
    }
  });

  it('trims white space around a value, as a spreadsheet’s tab or line break', () => {
    expect(trackingFromQuery(new URLSearchParams({ sub1: '\tbanner\r\n' }))).toEqual({ sub1: 'banner' });
  });

  it('is null when nothing usable is named', () => {
    expect(trackingFromQuery(new URLSearchParams('network=&sub1=%0A'))).toBeNull();
    expect(trackingFromQuery(new URLSearchParams('utm_source=x'))).toBeNull();
  });

  it('reads the cookie as the browser and the server write it, and nothing else', () => {
    const stored = { network: 'adnet', sub1: '50%' };
    expect(parseTrackingCookie(JSON.stringify(stored))).toEqual(stored);
    // Still URL-encoded (as js-cookie writes it, read by something that does not decode).
    expect(parseTrackingCookie(encodeURIComponent(JSON.stringify(stored)))).toEqual(stored);
    expect(parseTrackingCookie('{"network":"adnet","evil":"x"}')).toBeNull();
    expect(parseTrackingCookie(`{"network":"${'n'.repeat(65)}"}`)).toBeNull();
    expect(parseTrackingCookie('{"network":7}')).toBeNull();
    expect(parseTrackingCookie('{}')).toBeNull();
    expect(parseTrackingCookie('["network"]')).toBeNull();
    expect(parseTrackingCookie('%E0%A4%A')).toBeNull();
    expect(parseTrackingCookie(undefined)).toBeNull();
  });
});

describe('lander of a page address', () => {
  it.each([
    ['/landers/gallery', { lander: 'gallery', slug: null }],
    ['/landers/gallery/Berlin', { lander: 'gallery', slug: 'berlin' }],
    ['/landers/video/m%C3%BCnchen', { lander: 'video', slug: 'münchen' }],
    // An unusable slug still shows the lander, without it.
    ['/landers/maplanding/a.b', { lander: 'maplanding', slug: null }],
    ['/landers/tinderswipe', { lander: 'tinderswipe', slug: null }],
    ['/members/42/signup', { lander: 'member-signup', slug: null }],
    ['/members/42/landing', { lander: 'member-landing', slug: null }],
    ['/members/42/landing2/summer-love', { lander: 'member-landing2', slug: 'summer-love' }],
    ['/members/42/landing3', { lander: 'member-landing3', slug: null }],
  ])('%s is %o', (path, touch) => {
    expect(landerFromPath(path)).toEqual(touch);
    // The cookie holds it and gives it back.
    const value = landerCookieValue(touch as never);
    expect(parseLanderCookie(value)).toEqual(touch);
  });

  it.each([
    '/',
    '/members',
    '/members/42',
    '/members/42/chat',
    '/members/0/landing',
    '/members/abc/landing',
    '/members/42/landing/extra',
    '/landers/tinderswipe/berlin',
    '/landers/gallery/a/b',
    '/landers/unknown',
    '/landers/member-signup',
    '/landers',
  ])('%s is no lander', (path) => {
    expect(landerFromPath(path)).toBeNull();
  });

  it('reads only lander cookies it could have written', () => {
    expect(parseLanderCookie('gallery')).toEqual({ lander: 'gallery', slug: null });
    expect(parseLanderCookie('gallery/berlin')).toEqual({ lander: 'gallery', slug: 'berlin' });
    expect(parseLanderCookie('gallery/Berlin')).toBeNull();
    expect(parseLanderCookie('gallery/berlin/x')).toBeNull();
    expect(parseLanderCookie('nosuch')).toBeNull();
    expect(parseLanderCookie('tinderswipe/berlin')).toBeNull();
    expect(parseLanderCookie('gallery/<script>')).toBeNull();
    expect(parseLanderCookie('')).toBeNull();
  });
});

describe('a request that asks not to be tracked', () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  it('says so with Global Privacy Control or Do Not Track', () => {
    expect(refusesTracking(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(refusesTracking(headers({ dnt: '1' }))).toBe(true);
    expect(refusesTracking(headers({ dnt: '0' }))).toBe(false);
    expect(refusesTracking(headers({}))).toBe(false);
  });
});
