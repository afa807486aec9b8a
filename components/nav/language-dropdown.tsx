'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import Dropdown from 'react-bootstrap/Dropdown';
import { useSettings } from '@/lib/api/hooks';
import { LOCALE_NAMES, isLocale, visibleLocales } from '@/lib/shared/locales';
import { useChangeLocale } from './use-change-locale';

/** The language menu: the languages offered in the visitor's country, and a link to all of them. */
export function LanguageDropdown() {
  const t = useTranslations('LanguageDropdown');
  const current = useLocale();
  const { data: settings } = useSettings();
  const { changeLocale, isPending } = useChangeLocale();
  const options = visibleLocales(settings?.geoip_selected_country, current);

  return (
    <Dropdown
      align="end"
      onSelect={(key) => {
        if (isLocale(key) && key !== current) void changeLocale(key);
      }}
    >
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        id="language-dropdown"
        aria-label={t('current', { language: LOCALE_NAMES[current] })}
        disabled={isPending}
      >
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('label')}</Dropdown.Header>
        {options.map((locale) => (
          <Dropdown.Item
            key={locale}
            eventKey={locale}
            lang={locale}
            active={locale === current}
            aria-current={locale === current ? 'true' : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} href="/lang-config">
          {t('more')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
