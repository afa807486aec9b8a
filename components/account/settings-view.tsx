'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { LanguageForm } from './language-form';
import { MailChangeForm } from './mail-change-form';
import { MemberOnly } from './member-only';
import { PasswordForm } from './password-form';
import { ThemeForm } from './theme-form';
import { PrivacySettings } from '@/components/settings-privacy/privacy-settings';

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

/** /settings: e-mail address, password, language, appearance, privacy and the way to delete the account. */
export function SettingsView() {
  const t = useTranslations('AccountSettings');
  return (
    <MemberOnly redirect="/settings" message={t('loginRequired')}>
      <Section title={t('emailTitle')}>
        <MailChangeForm />
      </Section>
      <Section title={t('passwordTitle')}>
        <PasswordForm />
      </Section>
      <Section title={t('languageTitle')}>
        <LanguageForm />
      </Section>
      <Section title={t('themeTitle')}>
        <ThemeForm />
      </Section>
      <PrivacySettings />
      <Section title={t('deleteTitle')}>
        <p>{t('deleteIntro')}</p>
        <Link href="/settings/delete" className="btn btn-outline-danger">
          {t('deleteLink')}
        </Link>
      </Section>
    </MemberOnly>
  );
}
