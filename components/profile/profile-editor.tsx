'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { MemberOnly } from '@/components/account/member-only';
import { useProfile } from '@/lib/api/profile';
import { VerificationPanel } from '../verification/verification-panel';
import { PhotoManager } from './photo-manager';
import { ProfileForm } from './profile-form';

function ProfileDetails() {
  const t = useTranslations('ProfileEditor');
  const tCommon = useTranslations('Common');
  const headingId = useId();
  const profile = useProfile();
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h4 card-title mb-3">
          {t('detailsTitle')}
        </h2>
        {profile.data ? (
          <>
            <p>
              <Link href={`/members/${profile.data.id}`}>{t('viewAsOthers')}</Link>
            </p>
            <ProfileForm profile={profile.data} />
          </>
        ) : null}
        {profile.isPending ? <p className="text-body-secondary">{tCommon('loading')}</p> : null}
        {profile.isError ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('loadFailed')}</p>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => void profile.refetch()}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** /profile: the member's photos, their photo verification, then the profile's details. */
export function ProfileEditor() {
  const t = useTranslations('ProfileEditor');
  return (
    <MemberOnly redirect="/profile" message={t('loginRequired')}>
      <PhotoManager />
      <VerificationPanel />
      <ProfileDetails />
    </MemberOnly>
  );
}
