'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { usePageHolesPending } from '../providers/page-holes';
import { useApi } from '@/lib/api/api-context';
import { useSettings, useUser } from '@/lib/api/hooks';
import { useNavCounts } from '@/lib/api/likes';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { DisclosureMenu } from '../ui/disclosure-menu';
import { useInstallPrompt } from '../install-app/use-install-prompt';
import { Logo } from '../brand/logo';
import { BackButton } from './back-button';
import { LanguageDropdown } from './language-dropdown';
import { CountBadge, CreditsBadge } from './nav-badges';

/** Counts the badges show; chats and likes feed them once they exist. */
export interface NavCounts {
  unreadMessages: number;
  newLikes: number;
}

/**
 * The account menu's button: the member's photo (or initial) and name. On a phone with little room
 * the photo stays and the name is left to the screen reader and the open menu, instead of being cut
 * to a few letters.
 */
function AccountLabel(props: { name: string; photo: string | null; isPending?: boolean }) {
  if (props.isPending) {
    // Until the page's holes are filled (a page rendered once for the member's class): the same
    // room, nobody's name.
    return (
      <span className="account-label is-pending">
        <span className="account-avatar" aria-hidden="true" />
        <span className="account-name visually-hidden">{props.name}</span>
      </span>
    );
  }
  return (
    <span className="account-label">
      <span className="account-avatar" aria-hidden="true">
        {props.photo ? (
          // eslint-disable-next-line @next/next/no-img-element -- a 28 px thumbnail from the photo host
          <img src={props.photo} alt="" width={28} height={28} decoding="async" />
        ) : (
          (Array.from(props.name)[0] ?? '?').toUpperCase()
        )}
      </span>
      <span className="account-name">{props.name}</span>
    </span>
  );
}

/** The top navigation: Login and language for visitors; the member menu when logged in (spec §2). */
export function TopNav(props: { counts?: NavCounts }) {
  const t = useTranslations('Nav');
  const tLinks = useTranslations('NotificationLinks');
  const installer = useInstallPrompt();
  const { data: settings } = useSettings();
  const { data: user } = useUser();
  const isPending = usePageHolesPending();
  const api = useApi();
  const updates = useCacheUpdates();
  const liveCounts = useNavCounts();
  const counts = props.counts ?? liveCounts;
  const pathname = usePathname() ?? '';
  const current = (href: string) =>
    pathname === href || pathname.startsWith(`${href}/`) ? ('page' as const) : undefined;

  const logout = async () => {
    await api.post('logout.php').catch(() => undefined);
    updates.loggedOut();
  };

  return (
    <header className="app-top-bar sticky-top">
      <nav className="navbar navbar-expand container px-3" aria-label={t('mainNavigation')}>
        <BackButton />
        <Link href={user ? '/members' : '/'} className="brand-link me-auto" prefetch={false}>
          <Logo name={settings?.name ?? ''} size={30} />
        </Link>
        <div>
          <ul className="navbar-nav align-items-center flex-row gap-1">
            {user ? (
              <>
                <li className="nav-item desktop-only">
                  <Link className="nav-link px-3" href="/members" aria-current={current('/members')}>
                    {t('searchMembers')}
                  </Link>
                </li>
                {hasFeaturePage('/chats') && (
                  <li className="nav-item desktop-only">
                    <Link className="nav-link px-3" href="/chats" aria-current={current('/chats')}>
                      {t('messages')}
                      <CountBadge
                        count={counts.unreadMessages}
                        label={t('unreadCount', { count: counts.unreadMessages })}
                      />
                    </Link>
                  </li>
                )}
                {hasFeaturePage('/likes') && (
                  <li className="nav-item desktop-only">
                    <Link
                      className="nav-link px-3"
                      href="/likes"
                      aria-current={current('/likes')}
                      prefetch={false}
                    >
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
                      <Link
                        className="nav-link px-3 nav-credits"
                        href="/credits"
                        aria-current={current('/credits')}
                      >
                        {t('credits')}
                        {!isPending && (
                          <CreditsBadge
                            credits={user.credits}
                            label={t('creditsCount', { count: user.credits })}
                          />
                        )}
                      </Link>
                    ) : (
                      <Link
                        className="btn btn-primary btn-sm mx-1 nav-premium"
                        href="/premium"
                        aria-current={current('/premium')}
                      >
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
                    toggleClassName="btn btn-link nav-link px-2 account-menu-toggle"
                    label={
                      <AccountLabel
                        isPending={isPending}
                        name={user.profile.name || t('account')}
                        photo={
                          user.profile.main_image && settings
                            ? `${settings.cdn_prefix}${user.profile.main_image.thumb_filename}`
                            : null
                        }
                      />
                    }
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
                        {hasFeaturePage('/notifications') && (
                          <li>
                            <Link
                              className="dropdown-item"
                              href="/notifications"
                              onClick={close}
                              prefetch={false}
                            >
                              {tLinks('menu')}
                            </Link>
                          </li>
                        )}
                        {installer.canInstall && (
                          <li>
                            <button
                              type="button"
                              className="dropdown-item"
                              onClick={() => {
                                close();
                                void installer.install();
                              }}
                            >
                              {tLinks('installApp')}
                            </button>
                          </li>
                        )}
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
