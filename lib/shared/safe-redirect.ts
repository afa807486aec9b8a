const ORIGIN = 'http://site.invalid';

// Browsers read a backslash as a slash and drop tabs and newlines: `/\evil.example` leaves the site.
const hasTrick = (value: string) =>
  [...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c === '\u007f');

// After dot segments are resolved, `/.//evil.example` becomes `//evil.example`, which a browser
// (and Next's router) reads as another host; a path must start with exactly one slash.
const isSingleSlashPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return '//';
  }
};

/**
 * The path of a `redirect` query value when it names a page of this site (`/chats?x=1`), else null:
 * no other origin, no protocol-relative `//host` (also not after `.`/`..` segments are resolved),
 * no backslash tricks, no scheme, nothing but a path. The value is the decoded query value.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !isSingleSlashPath(value) || hasTrick(value)) return null;
  try {
    // Resolved against a stand-in origin: a value that leaves it does not name a page of this site.
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // An encoded slash or backslash right after the first one (`/%2F…`, `/%5C…`) is refused too: some
    // router or proxy on the way may decode it into `//host`.
    return isSingleSlashPath(url.pathname) && isSingleSlashPath(safeDecode(url.pathname)) && !hasTrick(path)
      ? path
      : null;
  } catch {
    return null;
  }
}
