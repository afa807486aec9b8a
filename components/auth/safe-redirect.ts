const ORIGIN = 'http://site.invalid';

// Browsers read a backslash as a slash and drop tabs and newlines: `/\evil.example` leaves the site.
const hasTrick = (value: string) => [...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);

/**
 * The path of a `redirect` query value when it names a page of this site (`/chats?x=1`), else null:
 * no other origin, no protocol-relative `//host`, no backslash tricks, nothing but a path.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || hasTrick(value)) {
    return null;
  }
  try {
    // Resolved against a stand-in origin: a value that leaves it does not name a page of this site.
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
