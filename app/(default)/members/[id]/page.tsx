import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { MemberView } from '@/components/members/member-view';
import { PageMessages } from '@/components/providers/page-messages';
import { memberKeys, queryKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';

type Props = { params: Promise<{ id: string }> };

/** The member, 'blocked' when they blocked the viewer, or null when there is nothing to show. */
const loadMember = cache(async (rawId: string) => {
  const memberId = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647) return null;
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  const member = await pageServices().getMemberForPage({
    memberId,
    viewer,
    visibleFields: settings.visible_profile_fields,
  });
  if (member === 'hidden') return null;
  if (member === 'blocked') return member;
  return { member, isSelf: viewer?.userId === memberId };
});

export async function generateMetadata(props: Props): Promise<Metadata> {
  const loaded = await loadMember((await props.params).id);
  const t = await getTranslations('Members');
  if (loaded === null || loaded === 'blocked') return { title: t('title'), robots: { index: false } };
  return { title: `${loaded.member.name}, ${loaded.member.age}`, robots: { index: false } };
}

/** `/members/{id}`: one member's page; unknown or hidden members give the 404 page. */
export default async function MemberPage(props: Props) {
  const loaded = await loadMember((await props.params).id);
  if (loaded === null) notFound();
  if (loaded === 'blocked') {
    const tErrors = await getTranslations('Errors');
    const t = await getTranslations('Members');
    return (
      <div className="alert alert-warning" role="alert">
        <p>{tErrors('blocked_by_member')}</p>
        <Link href="/members" className="btn btn-outline-secondary btn-sm">
          {t('backToSearch')}
        </Link>
      </div>
    );
  }
  // The interest list comes with the page, so showing the member's interests needs no call. The
  // member as the server sees them now replaces an older copy a tab may hold (likes, blocks).
  const queryClient = makeQueryClient();
  queryClient.setQueryData(memberKeys.member(loaded.member.id), loaded.member);
  try {
    queryClient.setQueryData(queryKeys.interests, await pageServices().cachedInterests());
  } catch {
    // The page asks for them itself.
  }
  return (
    <PageMessages page="members/[id]">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberView member={loaded.member} isSelf={loaded.isSelf} />
      </HydrationBoundary>
    </PageMessages>
  );
}
