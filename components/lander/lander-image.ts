/**
 * The address of a lander photo that is not among the first seen: kept in `data-src` until the page
 * has loaded, when the landers' script (islands/lander-islands.ts) gives it to the image, which then
 * loads as it nears the screen (`loading="lazy"`). Until then the photos that are seen first (the
 * largest paint) have the visitor's connection to themselves; a phone would otherwise fetch every
 * lazy photo within a few screens of the top at once. Width and height keep the photo's place.
 */
export function laterSrc(src: string | null | undefined) {
  return { 'data-src': src ?? undefined, loading: 'lazy', decoding: 'async' } as const;
}
