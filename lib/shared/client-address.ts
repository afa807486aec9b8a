// Who is asking, behind reverse proxies: one rule for the API (request-guards.ts), proxy.ts and the
// pages (load-page-context.ts). Pure, with no Node modules, so both routers' bundles can take it.

/**
 * The header through which the server hands a page request's socket address to the page side
 * (proxy.ts); the server always overwrites what a client sends in it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-lovelane-client-address';

/** An IP address as bytes (4 for IPv4, 16 for IPv6). */
type IpBytes = readonly number[];

/** A network of trusted proxies: `10.0.0.0/8`, `2001:db8::/32`, or one address. */
interface IpNetwork {
  bytes: IpBytes;
  prefix: number;
}

/**
 * Which proxies the server believes (TRUST_PROXY): none; the nearest `hops` proxies, however they
 * are reached; or the proxies at addresses in `networks`.
 */
export type ProxyTrust =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'networks'; networks: readonly IpNetwork[] };

/** Proxies one request may pass through, as TRUST_PROXY counts them. */
const MAX_HOPS = 10;

function parseIpv4(text: string): IpBytes | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : 256));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIpv6(text: string): IpBytes | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      // The last 32 bits may be written as IPv4 (::ffff:192.0.2.1).
      if (index === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part);
        if (!v4) return null;
        groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

const isMappedIpv4 = (bytes: IpBytes) =>
  bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255;

/**
 * An address as a proxy or the socket writes it (`203.0.113.7`, `203.0.113.7:51234`, `2001:db8::7`,
 * `[2001:db8::7]:443`, `fe80::1%eth0`), as bytes; IPv4 in IPv6 (`::ffff:203.0.113.7`) is IPv4. Null
 * for anything else.
 */
function parseAddress(raw: string): IpBytes | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%[\w.-]+$/, '');
  const bytes = text.includes(':') ? parseIpv6(text) : parseIpv4(text);
  return bytes && isMappedIpv4(bytes) ? bytes.slice(12) : bytes;
}

/** One way of writing each address: dotted IPv4, or lower-case IPv6 with the longest run of zeros as `::`. */
function formatAddress(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  const head = hex.slice(0, best.start).join(':');
  const tail = hex.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

/** An address in the one spelling the server records (`2001:db8::7`, `203.0.113.7`), or null for no address. */
export function canonicalAddress(text: string): string | null {
  const bytes = parseAddress(text);
  return bytes ? formatAddress(bytes) : null;
}

function parseNetwork(text: string): IpNetwork | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  if (rest.length) return null;
  const bytes = address.includes(':') ? parseIpv6(address) : parseIpv4(address);
  if (!bytes) return null;
  const plain = isMappedIpv4(bytes) ? bytes.slice(12) : bytes;
  const bits = plain.length * 8;
  if (prefixText === undefined) return { bytes: plain, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefix = Number(prefixText);
  if (plain.length === 4 && bytes.length === 16) prefix -= 96;
  return prefix >= 0 && prefix <= bits ? { bytes: plain, prefix } : null;
}

function inNetwork(bytes: IpBytes, network: IpNetwork): boolean {
  if (bytes.length !== network.bytes.length) return false;
  for (let bit = 0; bit < network.prefix; bit += 8) {
    const mask = network.prefix - bit >= 8 ? 0xff : (0xff << (8 - (network.prefix - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((network.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * Reads TRUST_PROXY: unset, `0`, `false` or `off` trusts no proxy; `1`, `true` or `on` one proxy (the
 * nearest); `2`…`10` that many proxies in a row; a comma-separated list of addresses and networks
 * (`10.0.0.0/8, ::1`) the proxies at those addresses. Throws on anything else.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'off'].includes(text)) return { kind: 'none' };
  if (['true', 'on'].includes(text)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`must be at most ${MAX_HOPS} proxies`);
    return { kind: 'hops', hops };
  }
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const networks = items.map(parseNetwork);
  const bad = items.find((_, index) => !networks[index]);
  if (bad !== undefined || !items.length) {
    throw new Error(
      `must be 0, 1 (or true), the number of proxies, or their addresses or networks such as 10.0.0.0/8 (cannot read "${bad ?? text}")`,
    );
  }
  return { kind: 'networks', networks: networks.filter((n): n is IpNetwork => n !== null) };
}

/** A request as the server sees it, from either router. */
export interface ForwardedRequest {
  /** A request header by its lower-case name (several of one name joined by commas), or null. */
  header: (name: string) => string | null | undefined;
  /** The address at the socket's other end: the nearest proxy, or the client itself. */
  socketAddress: string | null | undefined;
}

/** Who made a request, as far as the server can know. */
export interface RequestClient {
  /** The client's address in one spelling, or `unknown`. */
  address: string;
  /** Whether the client reached the site over TLS, as the trusted proxies report it. */
  isTls: boolean;
  /** The client's country (ISO code) from the trusted proxy's geo-IP header, else null. */
  country: string | null;
}

/** The entries of a list header (X-Forwarded-For), in order. */
const entriesOf = (value: string | null | undefined): string[] =>
  value?.trim() ? value.split(',').map((entry) => entry.trim()) : [];

/**
 * The entry a list header holds for the hop `hops` proxies away: proxies that append put theirs at
 * the end, so it is counted from the right; one that overwrites leaves a single entry, which is then
 * the one. Entries further left were written by the client.
 */
const entryForHop = (value: string | null | undefined, hops: number): string | undefined => {
  const entries = entriesOf(value);
  return entries[Math.max(0, entries.length - hops)];
};

/** Headers the country comes from, the first one present: Cloudflare's, then the usual nginx one. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-geoip-country'];

/**
 * Who made a request. The socket's address, unless trusted proxies passed the request on: then the
 * addresses they appended to X-Forwarded-For are read from the right (the nearest proxy's entry is
 * the last), one per trusted proxy, and the client is the first address that no trusted proxy holds
 * (or, counting hops, the entry the furthest trusted proxy appended). Whatever the client wrote
 * itself stands to the left of that and is never read. An entry that is no address ends the walk:
 * the hop that wrote it is taken as the client. X-Forwarded-Proto and the country header are read
 * for the same hop, and only from a trusted proxy (counting hops, the socket's other end always is one).
 */
export function resolveClient(request: ForwardedRequest, trust: ProxyTrust): RequestClient {
  const socket = request.socketAddress ? parseAddress(request.socketAddress) : null;
  const forwarded = entriesOf(request.header('x-forwarded-for'));
  // Nearest first: the socket, then X-Forwarded-For from the right.
  const chain = [socket, ...forwarded.reverse().map(parseAddress)];
  const isTrusted = (index: number): boolean => {
    if (trust.kind === 'hops') return index < trust.hops;
    const bytes = chain[index];
    return (
      trust.kind === 'networks' && Boolean(bytes) && trust.networks.some((n) => bytes && inNetwork(bytes, n))
    );
  };
  let hops = 0;
  while (isTrusted(hops) && hops + 1 < chain.length && chain[hops + 1] !== null) hops += 1;
  const client = chain[hops];
  const address = client ? formatAddress(client) : 'unknown';
  // The proxies whose headers describe the client's connection: as many as were walked past, or the
  // nearest alone when it added no address.
  const speakers = hops > 0 ? hops : isTrusted(0) ? 1 : 0;
  if (speakers === 0) return { address, isTls: false, country: null };
  const proto = entryForHop(request.header('x-forwarded-proto'), speakers)?.toLowerCase();
  const countryHeader = COUNTRY_HEADERS.map((name) => request.header(name)).find((v) => v?.trim());
  const country = entryForHop(countryHeader, speakers)?.toUpperCase();
  return {
    address,
    isTls: proto === 'https',
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
  };
}
