import type { ReactNode } from 'react';

/** Web addresses in a message: http(s) links and www. addresses; never other schemes (javascript:). */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

/** The address a link opens, or null when it is not a safe web address. */
export function safeHref(raw: string): string | null {
  const candidate = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A message's text as text: React escapes every character, so markup stays visible as written;
 * web addresses become links that open in a new tab without passing the page on.
 */
export function MessageText(props: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of props.text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) parts.push(props.text.slice(last, start));
    parts.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < props.text.length) parts.push(props.text.slice(last));
  return <>{parts}</>;
}
