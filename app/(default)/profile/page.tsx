import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProfileEditor } from '@/components/profile/profile-editor';
import { PageMessages } from '@/components/providers/page-messages';
import { photoKeys, profileKeys, queryKeys, verificationKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProfileEditor');
  return { title: t('title') };
}

/**
 * The member's own profile: photos and details. A visitor is asked to log in and come back. The
 * profile, the photos, the photo verification's state and the lists the form offers come with the
 * page, so it shows without a call.
 */
export default async function ProfilePage() {
  const [t, viewer] = await Promise.all([getTranslations('ProfileEditor'), getPageViewer()]);
  const queryClient = makeQueryClient();
  if (viewer) {
    const services = pageServices();
    const [profile, photos, regions, interests, verification] = await Promise.allSettled([
      services.getOwnProfileOrThrow({ userId: viewer.userId }),
      services.listOwnPhotos({ userId: viewer.userId }),
      services.cachedRegions(),
      services.cachedInterests(),
      services.getVerificationState({ userId: viewer.userId }),
    ]);
    // What failed here the editor asks for again, and shows what went wrong if it still cannot.
    if (profile.status === 'fulfilled') queryClient.setQueryData(profileKeys.profile, profile.value);
    if (photos.status === 'fulfilled') queryClient.setQueryData(photoKeys.photos, photos.value);
    if (regions.status === 'fulfilled') queryClient.setQueryData(queryKeys.regions, regions.value);
    if (interests.status === 'fulfilled') queryClient.setQueryData(queryKeys.interests, interests.value);
    if (verification.status === 'fulfilled') {
      queryClient.setQueryData(verificationKeys.state, verification.value);
    }
  }
  return (
    <PageMessages page="profile">
      <div className="mx-auto" style={{ maxWidth: '48rem' }}>
        <h1 className="mb-4">{t('title')}</h1>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <ProfileEditor />
        </HydrationBoundary>
      </div>
    </PageMessages>
  );
}
