import { describe, expect, it } from 'vitest';
import { parseProxyTrust, resolveClient, type ProxyTrust } from '@/lib/shared/client-address';

/** A request as the server sees it: its headers (lower-case names) and the socket's address. */
const request = (socketAddress: string | null, headers: Record<string, string> = {}) => ({
  socketAddress,
  header: (name: string) => headers[name] ?? null,
});

const oneHop = parseProxyTrust('1');
const twoHops = parseProxyTrust('2');
const none = parseProxyTrust(undefined);

describe('TRUST_PROXY', () => {
  it('reads no proxy, a number of hops, or the proxies’ networks', () => {
    for (const off of [undefined, '', '0', 'false', 'off', ' 0 '])
      expect(parseProxyTrust(off), String(off)).toEqual({ kind: 'none' });
    for (const one of ['1', 'true', 'on', 'TRUE'])
      expect(parseProxyTrust(one), one).toEqual({ kind: 'hops', hops: 1 });
    expect(parseProxyTrust('3')).toEqual({ kind: 'hops', hops: 3 });
    const networks = parseProxyTrust('10.0.0.0/8, 192.168.1.7 ,2001:db8::/32,::1');
    expect(networks.kind).toBe('networks');
  });

  it('refuses values it cannot read, so a typo stops the start instead of trusting anyone', () => {
    for (const bad of ['yes', '-1', '1.5', '99', '10.0.0.0/33', '10.0.0/8', '2001:db8::/129', 'nginx'])
      expect(() => parseProxyTrust(bad), bad).toThrow();
  });
});

describe('the client’s address', () => {
  it('is the socket’s when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const client = resolveClient(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), none);
    expect(client.address).toBe('203.0.113.7');
  });

  it('is the entry the proxy appended, not the one the client wrote (nginx $proxy_add_x_forwarded_for)', () => {
    const headers = { 'x-forwarded-for': '192.0.2.66, 203.0.113.7' };
    expect(resolveClient(request('10.0.0.2', headers), oneHop).address).toBe('203.0.113.7');
    // Each forged chain the client invents ends in the same address.
    const forged = { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3, 203.0.113.7' };
    expect(resolveClient(request('10.0.0.2', forged), oneHop).address).toBe('203.0.113.7');
    expect(resolveClient(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.7' }), oneHop).address).toBe(
      '203.0.113.7',
    );
  });

  it('counts hops from the right: the entry the outermost of two proxies appended', () => {
    const headers = { 'x-forwarded-for': '192.0.2.66, 203.0.113.7, 198.51.100.20' };
    expect(resolveClient(request('10.0.0.2', headers), twoHops).address).toBe('203.0.113.7');
    expect(resolveClient(request('10.0.0.2', headers), oneHop).address).toBe('198.51.100.20');
    // A request that passed fewer proxies than configured: the furthest address it names.
    expect(resolveClient(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.7' }), twoHops).address).toBe(
      '203.0.113.7',
    );
  });

  it('is the socket’s when a trusted hop added nothing', () => {
    expect(resolveClient(request('203.0.113.7'), oneHop).address).toBe('203.0.113.7');
    expect(resolveClient(request('203.0.113.7', { 'x-forwarded-for': '' }), oneHop).address).toBe(
      '203.0.113.7',
    );
    expect(resolveClient(request(null), none).address).toBe('unknown');
  });

  it('walks past the listed proxy networks to the first address outside them', () => {
    const trust = parseProxyTrust('10.0.0.0/8, 172.16.0.0/12');
    const headers = { 'x-forwarded-for': '192.0.2.66, 203.0.113.7, 172.16.4.4' };
    expect(resolveClient(request('10.0.0.2', headers), trust).address).toBe('203.0.113.7');
    // Only proxies in between: the furthest of them.
    expect(resolveClient(request('10.0.0.2', { 'x-forwarded-for': '10.9.9.9' }), trust).address).toBe(
      '10.9.9.9',
    );
  });

  it('ignores X-Forwarded-For from a socket outside the proxy networks', () => {
    const trust = parseProxyTrust('10.0.0.0/8');
    const direct = request('203.0.113.9', { 'x-forwarded-for': '10.0.0.1, 192.0.2.66' });
    expect(resolveClient(direct, trust).address).toBe('203.0.113.9');
    expect(resolveClient(request(null, { 'x-forwarded-for': '192.0.2.66' }), trust).address).toBe('unknown');
  });

  it('reads IPv6, IPv4 in IPv6, ports and brackets, and gives one spelling of each address', () => {
    const trust = parseProxyTrust('127.0.0.0/8, ::1, 2001:db8:ffff::/48');
    expect(
      resolveClient(request('::ffff:127.0.0.1', { 'x-forwarded-for': '2001:DB8:0:0:0:0:0:7' }), trust)
        .address,
    ).toBe('2001:db8::7');
    expect(
      resolveClient(request('::1', { 'x-forwarded-for': '[2001:db8::7]:4711, 2001:db8:ffff::1' }), trust)
        .address,
    ).toBe('2001:db8::7');
    expect(
      resolveClient(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.7:51234' }), oneHop).address,
    ).toBe('203.0.113.7');
    expect(resolveClient(request('::ffff:203.0.113.7'), none).address).toBe('203.0.113.7');
    expect(resolveClient(request('fe80::1%eth0'), none).address).toBe('fe80::1');
  });

  it('stops at an entry that is no address: the hop that wrote it is the client', () => {
    const garbage = { 'x-forwarded-for': 'unknown, 203.0.113.7' };
    expect(resolveClient(request('10.0.0.2', garbage), twoHops).address).toBe('203.0.113.7');
    for (const value of ['not-an-ip', '<script>', '999.1.1.1', '1.2.3.4.5', ' , ', '2001:db8:::1'])
      expect(resolveClient(request('10.0.0.2', { 'x-forwarded-for': value }), oneHop).address, value).toBe(
        '10.0.0.2',
      );
  });
});

describe('the scheme and country a trusted proxy reports', () => {
  const tls = (trust: ProxyTrust, socket: string | null, headers: Record<string, string>) =>
    resolveClient(request(socket, headers), trust).isTls;

  it('is the proxy’s X-Forwarded-Proto, not one the client added in front', () => {
    expect(tls(oneHop, '10.0.0.2', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' })).toBe(
      true,
    );
    expect(
      tls(oneHop, '10.0.0.2', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https, http' }),
    ).toBe(false);
    // Two proxies, the outer one speaking TLS to the client and the inner one overwriting nothing.
    expect(
      tls(twoHops, '10.0.0.2', { 'x-forwarded-for': '203.0.113.7, 10.0.0.9', 'x-forwarded-proto': 'https' }),
    ).toBe(true);
    expect(
      tls(twoHops, '10.0.0.2', {
        'x-forwarded-for': '203.0.113.7, 10.0.0.9',
        'x-forwarded-proto': 'http, https, http',
      }),
    ).toBe(true);
  });

  it('is not taken from a request no trusted proxy passed on', () => {
    expect(tls(none, '10.0.0.2', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' })).toBe(
      false,
    );
    const trust = parseProxyTrust('10.0.0.0/8');
    expect(tls(trust, '203.0.113.7', { 'x-forwarded-proto': 'https' })).toBe(false);
    expect(tls(trust, '203.0.113.9', { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' })).toBe(
      false,
    );
    expect(tls(trust, '10.0.0.2', { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' })).toBe(
      true,
    );
    // Counting hops, the socket's other end is a proxy, even one that adds no X-Forwarded-For.
    expect(tls(oneHop, '10.0.0.2', { 'x-forwarded-proto': 'https' })).toBe(true);
  });

  it('takes the country from CF-IPCountry or X-GeoIP-Country, only behind a trusted proxy', () => {
    const via = { 'x-forwarded-for': '203.0.113.7' };
    const country = (trust: ProxyTrust, headers: Record<string, string>, socket = '10.0.0.2') =>
      resolveClient(request(socket, { ...via, ...headers }), trust).country;
    expect(country(oneHop, { 'cf-ipcountry': 'nl' })).toBe('NL');
    expect(country(oneHop, { 'x-geoip-country': 'DE' })).toBe('DE');
    expect(country(oneHop, { 'x-geoip-country': 'BE, DE' })).toBe('DE');
    expect(country(none, { 'cf-ipcountry': 'NL' })).toBeNull();
    const proxies = parseProxyTrust('10.0.0.0/8');
    expect(resolveClient(request('203.0.113.7', { 'cf-ipcountry': 'NL' }), proxies).country).toBeNull();
    expect(resolveClient(request('10.0.0.2', { 'cf-ipcountry': 'NL' }), proxies).country).toBe('NL');
    for (const value of ['', 'Netherlands', 'T1', '<b>', 'N L'])
      expect(country(oneHop, { 'cf-ipcountry': value }), value).toBeNull();
  });
});
