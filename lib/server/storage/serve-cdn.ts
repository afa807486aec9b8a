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

/**
 * `GET`/`HEAD /cdn/<key>`: a stored photo, for the default cdn_prefix (local storage, or a proxy
 * to object storage when no CDN_PREFIX points at the bucket). Names are random and never reused,
 * so answers are cached for a year. Only images are served; anything else is not found.
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
  if (!object || !object.contentType.startsWith('image/')) return plain(404, 'Not found');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(object.body), {
    status: 200,
    headers: {
      'Content-Type': object.contentType,
      'Content-Length': String(object.body.length),
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
