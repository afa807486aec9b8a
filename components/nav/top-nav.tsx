'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useSettings, useUser } from '@/lib/api/hooks';
import { queryKeys } from '@/lib/api/queries';
import { useQueryClient } from '@tanstack/react-query';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { DisclosureMenu } from '../ui/disclosure-menu';
import { BackButton } from './back-button';
import { LanguageDropdown } from './language-dropdown';
import { CountBadge, CreditsBadge } from './nav-badges';

/** Counts the badges show; chats and likes feed them once they exist. */
export interface NavCounts {
  unreadMessages: number;
  newLikes: number;
}

/** The top navigation: Login and language for visitors; the member menu when logged in (spec §2). */
export function TopNav(props: { counts?: NavCounts }) {
  const t = useTranslations('Nav');
  const { data: settings } = useSettings();
  const { data: user } = useUser();
  const api = useApi();
  const queryClient = useQueryClient();
  const counts = props.counts ?? { unreadMessages: 0, newLikes: 0 };
  const pathname = usePathname();
  // On phones the member menu folds away; it closes again whenever the page changes.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isMenuOpen = openOn === pathname;

  const logout = async () => {
    await api.post('logout.php').catch(() => undefined);
    queryClient.setQueryData(queryKeys.user, null);
  };

  return (
    <header className="border-bottom bg-white sticky-top">
      <nav
        className={`navbar container px-3 ${user ? 'navbar-expand-lg' : 'navbar-expand'}`}
        aria-label={t('mainNavigation')}
      >
        <BackButton />
        <Link href="/" className="navbar-brand fw-bold text-secondary">
          {settings?.name}
        </Link>
        {user && (
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="member-menu"
            aria-expanded={isMenuOpen}
            onClick={() => setOpenOn(isMenuOpen ? null : pathname)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
            <span className="visually-hidden">{t('toggleNavigation')}</span>
          </button>
        )}
        <div
          id="member-menu"
          className={user ? `collapse navbar-collapse${isMenuOpen ? ' show' : ''}` : 'ms-auto'}
        >
          <ul
            className={`navbar-nav ms-auto gap-1 ${user ? 'align-items-lg-center' : 'align-items-center flex-row'}`}
          >
            {user ? (
              <>
                <li className="nav-item">
                  <Link className="nav-link px-2" href="/members">
                    {t('searchMembers')}
                  </Link>
                </li>
                {hasFeaturePage('/chats') && (
                  <li className="nav-item">
                    <Link className="nav-link px-2" href="/chats">
                      {t('messages')}
                      <CountBadge
                        count={counts.unreadMessages}
                        label={t('unreadCount', { count: counts.unreadMessages })}
                      />
                    </Link>
                  </li>
                )}
                {hasFeaturePage('/likes') && (
                  <li className="nav-item">
                    <Link className="nav-link px-2" href="/likes">
                      {t('likes')}
                      <CountBadge
                        count={counts.newLikes}
                        label={t('newLikesCount', { count: counts.newLikes })}
                      />
                    </Link>
                  </li>
                )}
                {hasFeaturePage(user.paid_user ? '/credits' : '/premium') && (
                  <li className="nav-item">
                    {user.paid_user ? (
                      <Link className="nav-link px-2" href="/credits">
                        {t('credits')}
                        <CreditsBadge
                          credits={user.credits}
                          label={t('creditsCount', { count: user.credits })}
                        />
                      </Link>
                    ) : (
                      <Link className="btn btn-primary btn-sm mx-1" href="/premium">
                        {t('getPremium')}
                      </Link>
                    )}
                  </li>
                )}
                <li className="nav-item">
                  <LanguageDropdown />
                </li>
                <li className="nav-item">
                  <DisclosureMenu
                    align="end"
                    toggleClassName="btn btn-link nav-link px-2"
                    label={user.profile.name || t('account')}
                  >
                    {(close) => (
                      <>
                        <li>
                          <Link className="dropdown-item" href="/profile" onClick={close}>
                            {t('myProfile')}
                          </Link>
                        </li>
                        <li>
                          <Link className="dropdown-item" href="/settings" onClick={close}>
                            {t('settings')}
                          </Link>
                        </li>
                        <li>
                          <hr className="dropdown-divider" />
                        </li>
                        <li>
                          <button
                            type="button"
                            className="dropdown-item"
                            onClick={() => {
                              close();
                              void logout();
                            }}
                          >
                            {t('logout')}
                          </button>
                        </li>
                      </>
                    )}
                  </DisclosureMenu>
                </li>
              </>
            ) : (
              <>
                <li className="nav-item">
                  <Link className="btn btn-primary btn-sm" href="/login">
                    {t('login')}
                  </Link>
                </li>
                <li className="nav-item">
                  <LanguageDropdown />
                </li>
              </>
            )}
          </ul>
        </div>
      </nav>
    </header>
  );
}
