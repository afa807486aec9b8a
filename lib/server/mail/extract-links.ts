import 'server-only';

// Stops at white space and at characters that cannot end a URL in running text.
const LINK = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** The distinct web links in a plain-text mail body, in order of appearance. */
export function extractLinks(text: string): string[] {
  const links = [...text.matchAll(LINK)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ''));
  return [...new Set(links)];
}
