import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { MemberSearch, SearchLoginPrompt } from '@/components/members/member-search';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { TRACKING_COOKIE } from '@/lib/shared/schemas/auth';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Members');
  return { title: t('title') };
}

/** `/members`: member search. Visitors search only as the site allows (spec §6). */
export default async function MembersPage() {
  const t = await getTranslations('Members');
  const [{ settings }, viewer, cookieStore] = await Promise.all([
    getPageContext(),
    getPageViewer(),
    cookies(),
  ]);
  const { maySearch, hasTrafficSource } = pageServices();
  const allowed = maySearch({
    loggedIn: viewer !== null,
    settings,
    fromTrafficSource: hasTrafficSource(cookieStore.get(TRACKING_COOKIE)?.value),
  });
  return (
    <>
      <h1 className="mb-4">{t('title')}</h1>
      {allowed ? <MemberSearch /> : <SearchLoginPrompt />}
    </>
  );
}
