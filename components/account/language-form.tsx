'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useChangeLocale } from '@/components/nav/use-change-locale';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/shared/locales';

/** Settings › Language: every language in its own name; saved to the cookie and the account. */
export function LanguageForm() {
  const t = useTranslations('AccountSettings');
  const current = useLocale();
  const { changeLocale, isPending } = useChangeLocale();
  const id = useId();
  const [choice, setChoice] = useState<Locale>(isLocale(current) ? current : 'en');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice !== current) void changeLocale(choice);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="mb-3">
        <label htmlFor={id} className="form-label">
          {t('languageLabel')}
        </label>
        <select
          id={id}
          className="form-select"
          value={choice}
          onChange={(event) => {
            if (isLocale(event.target.value)) setChoice(event.target.value);
          }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={isPending || choice === current}>
        {isPending ? t('languageSaving') : t('languageSave')}
      </button>
    </form>
  );
}
