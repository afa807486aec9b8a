import 'server-only';
import { getLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { cache } from 'react';
import { loadPageContext, type PageContext } from './load-page-context';

export type { PageContext };

/** The site, its company and the locale of the page being rendered; loaded once per request. */
export const getPageContext = cache(async (): Promise<PageContext> => {
  // The request first: a page that reads it is rendered per request, never while building.
  const requestHeaders = await headers();
  return loadPageContext({ header: (name) => requestHeaders.get(name), locale: await getLocale() });
});
