import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { StaticPageView } from '@/components/static-page/static-page-view';
import { getPageContext } from '@/lib/server/page-context';
import { loadStaticPage, isStaticPageSlug } from '@/lib/server/content/static-pages';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { slug } = await props.params;
  if (!isStaticPageSlug(slug)) return {};
  const { locale } = await getPageContext();
  return { title: (await loadStaticPage(slug, locale)).title };
}

/** The static pages: compliance statement, access ban, cookies, FAQ, privacy, returns, service, terms. */
export default async function StaticPage(props: Props) {
  const { slug } = await props.params;
  if (!isStaticPageSlug(slug)) notFound();
  const { locale } = await getPageContext();
  const [page, format, t] = await Promise.all([
    loadStaticPage(slug, locale),
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
