/**
 * Pages of features that come with their own work (likes, chat, credits, premium, notification
 * settings). A link to one shows only once its page is built, so no link ever leads to a 404: when a
 * feature's page lands, its entry here turns true.
 */
export const FEATURE_PAGES = {
  '/likes': true,
  '/chats': true,
  '/credits': true,
  '/premium': true,
  '/pricing': true,
  '/notifications': true,
} as const satisfies Record<string, boolean>;

export type FeaturePage = keyof typeof FEATURE_PAGES;

/** Whether the page of a later feature exists yet. */
export function hasFeaturePage(path: FeaturePage): boolean {
  return FEATURE_PAGES[path];
}

/**
 * Where a member buys credits: the one place every "buy" button leads (the credits page; the
 * premium overview or nothing while those pages do not exist).
 */
export function buyCreditsPage(): '/credits' | '/premium' | null {
  if (hasFeaturePage('/credits')) return '/credits';
  if (hasFeaturePage('/premium')) return '/premium';
  return null;
}
