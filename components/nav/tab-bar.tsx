'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useUser } from '@/lib/api/hooks';
import { useNavCounts } from '@/lib/api/likes';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { CountBadge } from './nav-badges';
import { ChatIcon, HeartIcon, ProfileIcon, SearchIcon, SettingsIcon } from './nav-icons';
import type { NavCounts } from './top-nav';

interface Tab {
  href: string;
  /** Whether the place's code loads ahead of a tap (only where members go first). */
  prefetch?: boolean;
  label: string;
  icon: ReactNode;
  badge?: ReactNode;
}

/** Whether `pathname` is inside the place a tab leads to. */
function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Phones: the member's main places in a bar at the bottom (Search, Likes, Messages, Profile, spec
 * §2's badges on them). A place shows once its page exists; settings fill in until then.
 */
export function TabBar(props: { counts?: NavCounts }) {
  const t = useTranslations('Nav');
  const pathname = usePathname() ?? '';
  const { data: user } = useUser();
  const liveCounts = useNavCounts();
  if (!user) return null;
  const counts = props.counts ?? liveCounts;

  const tabs: Tab[] = [{ href: '/members', label: t('tabSearch'), icon: <SearchIcon /> }];
  if (hasFeaturePage('/likes')) {
    tabs.push({
      href: '/likes',
      prefetch: false,
      label: t('likes'),
      icon: <HeartIcon />,
      badge: <CountBadge count={counts.newLikes} label={t('newLikesCount', { count: counts.newLikes })} />,
    });
  }
  if (hasFeaturePage('/chats')) {
    tabs.push({
      href: '/chats',
      label: t('messages'),
      icon: <ChatIcon />,
      badge: (
        <CountBadge
          count={counts.unreadMessages}
          label={t('unreadCount', { count: counts.unreadMessages })}
        />
      ),
    });
  }
  tabs.push({ href: '/profile', label: t('tabProfile'), icon: <ProfileIcon /> });
  if (tabs.length < 4) tabs.push({ href: '/settings', label: t('tabSettings'), icon: <SettingsIcon /> });

  return (
    <nav aria-label={t('tabBar')}>
      <ul className="app-tab-bar">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              prefetch={tab.prefetch}
              aria-current={isCurrent(pathname, tab.href) ? 'page' : undefined}
            >
              {tab.icon}
              <span>{tab.label}</span>
              {tab.badge}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
