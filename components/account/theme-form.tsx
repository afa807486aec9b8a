'use client';

import Cookies from 'js-cookie';
import { useTranslations } from 'next-intl';
import { useId, useSyncExternalStore } from 'react';
import { parseTheme, THEME_COOKIE, THEME_COOKIE_DAYS, type Theme } from '@/lib/shared/constants';

type ThemeChoice = Theme | 'system';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const CHANGED = 'lovelane:theme';
const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
};
const readChoice = (): ThemeChoice => parseTheme(Cookies.get(THEME_COOKIE)) ?? 'system';

/** Applies a theme choice to this page at once and keeps it on this device. */
export function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') {
    root.removeAttribute('data-bs-theme');
    Cookies.remove(THEME_COOKIE, { path: '/' });
  } else {
    root.setAttribute('data-bs-theme', choice);
    Cookies.set(THEME_COOKIE, choice, { expires: THEME_COOKIE_DAYS, path: '/', sameSite: 'lax' });
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Settings › Appearance: follow the system, or always light, or always dark. Saved at once. */
export function ThemeForm() {
  const t = useTranslations('AccountSettings');
  const name = useId();
  // The cookie is read in the browser only; the server's render shows no choice until then.
  const choice = useSyncExternalStore<ThemeChoice | null>(subscribe, readChoice, () => null);
  const labels: Record<ThemeChoice, string> = {
    system: t('themeSystem'),
    light: t('themeLight'),
    dark: t('themeDark'),
  };

  return (
    <fieldset>
      <legend className="visually-hidden">{t('themeTitle')}</legend>
      <p className="form-text mt-0">{t('themeIntro')}</p>
      <div className="theme-choices" role="presentation">
        {CHOICES.map((value) => (
          <div key={value} className="form-check">
            <input
              id={`${name}-${value}`}
              className="form-check-input"
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => applyTheme(value)}
            />
            <label className="form-check-label" htmlFor={`${name}-${value}`}>
              {labels[value]}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
