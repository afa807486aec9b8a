import 'server-only';
import { getStorage } from './get-storage';
import { isPrivateStorageKey, isValidStorageKey } from './keys';

/** Where the app serves stored files itself: the default cdn_prefix of every site. */
export const CDN_PATH = '/cdn/';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** What /cdn/ serves: photos, and the landers' videos. */
const isServedType = (contentType: string) =>
  contentType.startsWith('image/') || contentType.startsWith('video/');

/**
 * The byte range a `Range` header asks for (one range; RFC 9110 §14.1.2), null for the whole file
 * (no header, or one this does not understand), 'unsatisfiable' for a range past the end.
 */
export function byteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * `GET`/`HEAD /cdn/<key>`: a stored photo or lander video, for the default cdn_prefix (local
 * storage, or a proxy to object storage when no CDN_PREFIX points at the bucket). Names are random
 * or follow from the content and are never reused, so answers are cached for a year. Anything but
 * images and videos is not found. A single byte range is answered with 206, as Safari asks for
 * videos in ranges and plays none without them.
 */
export async function serveCdn(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const { pathname } = new URL(request.url);
  const key = pathname.startsWith(CDN_PATH) ? pathname.slice(CDN_PATH.length) : '';
  // Private names (chat photos) are served only through their own route, to the members allowed.
  if (!isValidStorageKey(key) || isPrivateStorageKey(key)) return plain(404, 'Not found');
  let object;
  try {
    object = await getStorage().get(key);
  } catch (error) {
    console.error(`[cdn] reading ${key} failed:`, error);
    return plain(500, 'Internal error');
  }
  if (!object || !isServedType(object.contentType)) return plain(404, 'Not found');
  const size = object.body.length;
  const headers = {
    'Content-Type': object.contentType,
    'Cache-Control': IMMUTABLE,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  const range = byteRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable')
    return plain(416, 'Range not satisfiable', { 'Content-Range': `bytes */${size}` });
  const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(body.length),
      ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    },
  });
}
