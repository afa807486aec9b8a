import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProfileEditor } from '@/components/profile/profile-editor';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProfileEditor');
  return { title: t('title') };
}

/** The member's own profile: photos and details. A visitor is asked to log in and come back. */
export default async function ProfilePage() {
  const t = await getTranslations('ProfileEditor');
  return (
    <PageMessages page="profile">
      <div className="mx-auto" style={{ maxWidth: '48rem' }}>
        <h1 className="mb-4">{t('title')}</h1>
        <ProfileEditor />
      </div>
    </PageMessages>
  );
}
