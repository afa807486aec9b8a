'use client';

import { useEffect, useRef } from 'react';
import { storeLocaleChoice } from '@/lib/i18n/store-locale';
import type { Locale } from '@/lib/shared/locales';

/**
 * The landers' language menu: the languages of the visitor's country (spec §2). A native disclosure;
 * a choice is stored like the default layout's and the page is loaded again in that language.
 */
export function LanderLanguageMenu(props: {
  current: Locale;
  options: { code: Locale; name: string }[];
  label: string;
  currentLabel: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // The lander is one React root, present on every lander: once this island runs, all have. Marks
    // the page as interactive for tests and tools, as the application frame does on other pages.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <details
      ref={details}
      className="lander-language"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="btn btn-sm btn-outline-light">
        {props.current.toUpperCase()}
        <span className="visually-hidden">, {props.currentLabel}</span>
      </summary>
      <div className="lander-language-list" role="group" aria-label={props.label}>
        {props.options.map((option) => (
          <button
            key={option.code}
            type="button"
            lang={option.code}
            className={`lander-language-option${option.code === props.current ? ' active' : ''}`}
            aria-current={option.code === props.current ? 'true' : undefined}
            onClick={() => {
              if (details.current) details.current.open = false;
              if (option.code === props.current) return;
              storeLocaleChoice(option.code);
              window.location.reload();
            }}
          >
            {option.name}
          </button>
        ))}
      </div>
    </details>
  );
}
