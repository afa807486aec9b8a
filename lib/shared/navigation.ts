import { CHUNK_RELOAD_GUARD_MS } from './constants';
import { hasFeaturePage } from './feature-pages';

/** Routes whose top navigation offers a back button in the installed app (spec §2). */
const BACK_BUTTON_ROUTES: readonly RegExp[] = [
  /^\/members\/[^/]+$/, // members-id
  /^\/likes\/(received|sent|matches)$/, // likes-type
  /^\/likes\/m\/[^/]+$/, // likes-m-id
  /^\/credits$/, // credits
  /^\/credits\/\d+(\/[a-z0-9]+)?$/, // credits-id-paymentmethod (not credits-repeat-order)
];

/** The back button shows only in a standalone display, on the listed routes, with history to go back to. */
export function shouldShowBackButton(input: {
  pathname: string;
  isStandalone: boolean;
  historyLength: number;
}): boolean {
  if (!input.isStandalone || input.historyLength <= 1) return false;
  const path = input.pathname.replace(/\/+$/, '') || '/';
  return BACK_BUTTON_ROUTES.some((pattern) => pattern.test(path));
}

/** Whether an error is a failed load of a route's code chunk. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && 'message' in error
        ? String(error.message)
        : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w/.-]+ failed/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message)
  );
}

/** A chunk failure reloads the page once, and never twice within the guard window. */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS
  );
}

/** The footer is compact in the installed app, and for a logged-in member on any page but the index. */
export function footerVariant(input: {
  isStandalone: boolean;
  isLoggedIn: boolean;
  pathname: string;
}): 'full' | 'compact' {
  return input.isStandalone || (input.isLoggedIn && input.pathname !== '/') ? 'compact' : 'full';
}

/** The footer's links (spec §2), as message keys of `Footer` and paths. */
const FOOTER_LINKS = [
  ['terms', '/pages/terms'],
  ['privacy', '/pages/privacy'],
  ['cookies', '/pages/cookies'],
  ['ban', '/pages/ban'],
  ['pricing', '/pricing'],
  ['complaints', '/complaints'],
  ['returnPolicy', '/pages/return-policy'],
  ['faq', '/pages/faq'],
  ['service', '/pages/service'],
] as const;

/** The footer's links as of now: pricing only once its page exists. */
export const footerLinks = () =>
  FOOTER_LINKS.filter(([, href]) => href !== '/pricing' || hasFeaturePage('/pricing'));
