'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useSettings } from '@/lib/api/hooks';
import { LOCALE_NAMES, visibleLocales } from '@/lib/shared/locales';
import { DisclosureMenu } from '../ui/disclosure-menu';
import { useChangeLocale } from './use-change-locale';

/** The language menu: the languages offered in the visitor's country, and a link to all of them. */
export function LanguageDropdown() {
  const t = useTranslations('LanguageDropdown');
  const current = useLocale();
  const { data: settings } = useSettings();
  const { changeLocale, isPending } = useChangeLocale();
  const options = visibleLocales(settings?.geoip_selected_country, current);

  return (
    <DisclosureMenu
      align="end"
      isDisabled={isPending}
      label={
        // The accessible name starts with the visible code, then says which language it is.
        <>
          {current.toUpperCase()}
          <span className="visually-hidden">, {t('current', { language: LOCALE_NAMES[current] })}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <h2 className="dropdown-header h6">{t('label')}</h2>
          </li>
          {options.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                className={`dropdown-item${locale === current ? ' active' : ''}`}
                aria-current={locale === current ? 'true' : undefined}
                onClick={() => {
                  close();
                  if (locale !== current) void changeLocale(locale);
                }}
              >
                {LOCALE_NAMES[locale]}
              </button>
            </li>
          ))}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <Link className="dropdown-item" href="/lang-config" onClick={close}>
              {t('more')}
            </Link>
          </li>
        </>
      )}
    </DisclosureMenu>
  );
}
