import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { StaticPageView } from '@/components/static-page/static-page-view';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { slug } = await props.params;
  const context = await getPageContext();
  if (!pageServices().isStaticPageSlug(slug)) return {};
  return { title: (await pageServices().loadStaticPage(slug, context)).title };
}

/** The static pages: compliance statement, access ban, cookies, FAQ, privacy, returns, service, terms. */
export default async function StaticPage(props: Props) {
  const { slug } = await props.params;
  const context = await getPageContext();
  if (!pageServices().isStaticPageSlug(slug)) notFound();
  const [page, format, t] = await Promise.all([
    pageServices().loadStaticPage(slug, context),
    getFormatter(),
    getTranslations('StaticPage'),
  ]);
  const versionText = page.versionDate
    ? t('lastUpdated', {
        date: `${format.dateTime(page.versionDate, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
      })
    : null;
  return <StaticPageView slug={slug} page={page} versionText={versionText} />;
}
