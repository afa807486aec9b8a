import 'server-only';

const KEY_PATTERN = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/;

/**
 * Whether `key` is a name the storage accepts: lower-case letters, digits, `_`, `.`, `-` in
 * `/`-separated parts, no empty part, no `..`, at most 200 characters. Keys come from the app,
 * but the CDN handler passes request paths here, so this is the guard against path traversal.
 */
export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 200 && KEY_PATTERN.test(key) && !key.includes('..');
}

/** Throws for a key `isValidStorageKey` refuses. */
export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  // The video lander's background video (scripts/landers/lander-video.ts).
  webm: 'video/webm',
  mp4: 'video/mp4',
  // Members' copies of their data (private).
  zip: 'application/zip',
};

/** The Content-Type of a stored name, by its extension (names are chosen by the app). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Names under this folder are private (chat photos): the app serves them itself, only to the members
 * allowed to see them, never under the public cdn_prefix.
 */
export const PRIVATE_KEY_PREFIX = 'private/';

/** Whether a stored name is private (see PRIVATE_KEY_PREFIX). */
export function isPrivateStorageKey(key: string): boolean {
  return key.startsWith(PRIVATE_KEY_PREFIX);
}
