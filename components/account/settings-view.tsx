'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { DataExport } from './data-export';
import { LanguageForm } from './language-form';
import { MailChangeForm } from './mail-change-form';
import { MemberOnly } from './member-only';
import { PasskeysSection } from './passkeys-section';
import { PasswordForm } from './password-form';
import { ThemeForm } from './theme-form';
import { PrivacySettings } from '@/components/settings-privacy/privacy-settings';
import { MyReports } from '@/components/complaints/my-reports';
import { hasFeaturePage } from '@/lib/shared/feature-pages';

function Section(props: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h4 card-title mb-3">
          {props.title}
        </h2>
        {props.children}
      </div>
    </section>
  );
}

/**
 * /settings: e-mail address, password, passkeys, language, appearance, privacy, the member's reports and where
 * they stand, the way to the notification choices, a copy of the member's data and the way to delete
 * the account.
 */
export function SettingsView() {
  const t = useTranslations('AccountSettings');
  const tLinks = useTranslations('NotificationLinks');
  const tData = useTranslations('DataExport');
  return (
    <MemberOnly redirect="/settings" message={t('loginRequired')}>
      <Section title={t('emailTitle')}>
        <MailChangeForm />
      </Section>
      <Section title={t('passwordTitle')}>
        <PasswordForm />
      </Section>
      <PasskeysSection />
      <Section title={t('languageTitle')}>
        <LanguageForm />
      </Section>
      <Section title={t('themeTitle')}>
        <ThemeForm />
      </Section>
      <PrivacySettings />
      <MyReports />
      {hasFeaturePage('/notifications') ? (
        <Section title={tLinks('settingsTitle')}>
          <p>{tLinks('settingsIntro')}</p>
          <Link href="/notifications" className="btn btn-outline-secondary">
            {tLinks('settingsLink')}
          </Link>
        </Section>
      ) : null}
      <Section title={tData('title')}>
        <DataExport />
      </Section>
      <Section title={t('deleteTitle')}>
        <p>{t('deleteIntro')}</p>
        <Link href="/settings/delete" className="btn btn-outline-danger">
          {t('deleteLink')}
        </Link>
      </Section>
    </MemberOnly>
  );
}
