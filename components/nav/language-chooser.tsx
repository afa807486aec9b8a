'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LOCALES, LOCALE_NAMES } from '@/lib/shared/locales';
import { useChangeLocale } from './use-change-locale';

/** Every language as a radio group; choosing one switches the site to it. */
export function LanguageChooser() {
  const t = useTranslations('LangConfig');
  const current = useLocale();
  const { changeLocale, isPending } = useChangeLocale();
  const [selected, setSelected] = useState(current);
  const [hasChanged, setChanged] = useState(false);

  return (
    <fieldset>
      <legend className="visually-hidden">{t('allLanguages')}</legend>
      <div className="list-group">
        {LOCALES.map((locale) => (
          <label key={locale} className="list-group-item d-flex align-items-center gap-2" lang={locale}>
            <input
              className="form-check-input m-0"
              type="radio"
              name="language"
              value={locale}
              checked={locale === selected}
              disabled={isPending}
              onChange={() => {
                setSelected(locale);
                setChanged(true);
                void changeLocale(locale);
              }}
            />
            {LOCALE_NAMES[locale]}
            {locale === current && <span className="badge text-bg-secondary ms-auto">{t('selected')}</span>}
          </label>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {hasChanged && !isPending && selected === current ? t('saved') : ''}
      </p>
    </fieldset>
  );
}
