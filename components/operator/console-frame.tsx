'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { operatorKeys, useOperatorApi } from '@/lib/api/operator-api';
import type { Operator } from '@/lib/shared/schemas/operators';
import { OPERATOR_LOCALES, type OperatorLocale } from '@/lib/shared/values/operators';
import { mayOpen, navFor } from './console-nav';
import { ConsoleShortcutProvider, useShortcutList } from './console-shortcuts';
import { rememberConsoleLocale } from './console-locale';

/** The console around every page: sidebar, the operator's menu, and the shortcut help on `?`. */
export function ConsoleFrame(props: { operator: Operator; children: ReactNode }) {
  const t = useTranslations('OperatorConsole');
  const pathname = usePathname() ?? '';
  const [isNavOpen, setNavOpen] = useState(false);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const navId = useId();
  const entries = navFor(props.operator.role);
  const isCurrent = (href: string) =>
    href === '/operator' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);

  return (
    <ConsoleShortcutProvider onHelp={() => setHelpOpen(true)}>
      <div className="console">
        <a className="visually-hidden-focusable console-skip" href="#main">
          {t('skip')}
        </a>
        <header className="console-top">
          <button
            type="button"
            className="btn console-nav-toggle d-lg-none"
            aria-expanded={isNavOpen}
            aria-controls={navId}
            onClick={() => setNavOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t('menu')}</span>
          </button>
          <Link href="/operator" className="console-brand">
            <LogoMark size={28} />
            <span>{t('title')}</span>
          </Link>
          <div className="console-top-end">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary d-none d-md-inline-block"
              onClick={() => setHelpOpen(true)}
              aria-keyshortcuts="?"
            >
              {t('shortcuts.button')}
            </button>
            <OperatorMenu operator={props.operator} />
          </div>
        </header>
        <nav id={navId} className={`console-nav${isNavOpen ? ' is-open' : ''}`} aria-label={t('navLabel')}>
          <ul>
            {entries.map((entry) => (
              <li key={entry.href}>
                <Link
                  href={entry.href}
                  aria-current={isCurrent(entry.href) ? 'page' : undefined}
                  onClick={() => setNavOpen(false)}
                >
                  {t(`nav.${entry.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="console-main" tabIndex={-1}>
          {mayOpen(props.operator.role, pathname) ? (
            props.children
          ) : (
            <div className="console-page">
              <h1 className="h3">{t('forbiddenTitle')}</h1>
              <p>{t('forbiddenText')}</p>
            </div>
          )}
        </main>
        <ShortcutHelp isOpen={isHelpOpen} onClose={() => setHelpOpen(false)} />
      </div>
    </ConsoleShortcutProvider>
  );
}

function OperatorMenu(props: { operator: Operator }) {
  const t = useTranslations('OperatorConsole');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const changeLocale = async (next: OperatorLocale) => {
    await api.put('locale.php', { locale: next });
    rememberConsoleLocale(next);
    queryClient.setQueryData(operatorKeys.session, { ...props.operator, locale: next });
    router.refresh();
  };
  const logOut = async () => {
    await api.delete('session.php').catch(() => undefined);
    // The door shows at once; what the console had loaded is dropped behind it.
    queryClient.setQueryData(operatorKeys.session, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
  };
  return (
    <div className="console-operator">
      <span className="console-operator-name">
        {props.operator.name}
        <span className="badge text-bg-light ms-2">{t(`roles.${props.operator.role}`)}</span>
      </span>
      <label className="visually-hidden" htmlFor={`${id}-locale`}>
        {t('language')}
      </label>
      <select
        id={`${id}-locale`}
        className="form-select form-select-sm"
        value={locale}
        onChange={(e) => void changeLocale(e.target.value as OperatorLocale)}
      >
        {OPERATOR_LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void logOut()}>
        {t('logOut')}
      </button>
    </div>
  );
}

function ShortcutHelp(props: { isOpen: boolean; onClose: () => void }) {
  const t = useTranslations('OperatorConsole.shortcuts');
  const shortcuts = useShortcutList();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (props.isOpen && element && !element.open) element.showModal();
    if (!props.isOpen && element?.open) element.close();
  }, [props.isOpen]);
  return (
    <dialog ref={dialog} className="console-dialog" aria-labelledby={headingId} onClose={props.onClose}>
      <h2 className="h5" id={headingId}>
        {t('title')}
      </h2>
      {shortcuts.length ? (
        <dl className="console-shortcut-list">
          {shortcuts.map((s) => (
            <div key={s.key}>
              <dt>
                <kbd>{s.key}</kbd>
              </dt>
              <dd>{s.label}</dd>
            </div>
          ))}
          <div>
            <dt>
              <kbd>?</kbd>
            </dt>
            <dd>{t('help')}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('none')}</p>
      )}
      <form method="dialog" className="text-end">
        <button className="btn btn-primary" type="submit">
          {t('close')}
        </button>
      </form>
    </dialog>
  );
}
