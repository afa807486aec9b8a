import type { OperatorRoleName } from '@/lib/shared/values/operators';
import type consoleEn from '@/messages/operator/en.json';

/** One entry of the console's navigation: where, its label in `OperatorConsole.nav`, and who sees it. */
export interface ConsoleNavEntry {
  href: string;
  label: keyof (typeof consoleEn)['OperatorConsole']['nav'];
  /** Roles that see the entry (admins see every entry); absent: every operator. */
  roles?: readonly OperatorRoleName[];
}

/** The console's areas, in the order of the sidebar. */
export const CONSOLE_NAV: readonly ConsoleNavEntry[] = [
  { href: '/operator', label: 'dashboard' },
  { href: '/operator/desk', label: 'desk', roles: ['chat_operator'] },
  { href: '/operator/profiles', label: 'profiles', roles: ['chat_operator'] },
  { href: '/operator/moderation', label: 'moderation', roles: ['moderator'] },
  { href: '/operator/members', label: 'members', roles: ['support'] },
  { href: '/operator/sites', label: 'sites', roles: ['admin'] },
  { href: '/operator/audit', label: 'audit', roles: ['admin'] },
  // Every operator's own second factors (passkeys).
  { href: '/operator/security', label: 'security' },
];

/** The entries an operator of this role sees. */
export const navFor = (role: OperatorRoleName): ConsoleNavEntry[] =>
  CONSOLE_NAV.filter((entry) => role === 'admin' || !entry.roles || entry.roles.includes(role));

/** Whether an operator of this role may open the page at this path (the deepest area it lies in decides). */
export function mayOpen(role: OperatorRoleName, pathname: string): boolean {
  const area = CONSOLE_NAV.filter(
    (entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`),
  ).sort((a, b) => b.href.length - a.href.length)[0];
  return !area?.roles || role === 'admin' || area.roles.includes(role);
}
