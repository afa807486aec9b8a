import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { SupportContact } from '@/components/account/support-contact';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountDeleted');
  return { title: t('title') };
}

/** Where the deletion flow ends: the account is gone, and can come back for a while by the mailed link. */
export default async function AccountDeletedPage() {
  const t = await getTranslations('AccountDeleted');
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <p>{t('reactivate', { days: REACTIVATION_DAYS })}</p>
      <h2 className="h5">{t('contactTitle')}</h2>
      <SupportContact className="mb-4" />
      {/* The home is a page of its own (pages/index.tsx), not the app's: nothing to prefetch. */}
      <Link href="/" prefetch={false} className="btn btn-primary">
        {t('home')}
      </Link>
    </div>
  );
}
