/**
 * Pages of features that come with their own work (likes, chat, credits, premium, notification
 * settings). A link to one shows only once its page is built, so no link ever leads to a 404: when a
 * feature's page lands, its entry here turns true.
 */
export const FEATURE_PAGES = {
  '/likes': true,
  '/chats': true,
  '/credits': false,
  '/premium': false,
  '/pricing': false,
  '/notifications': false,
} as const satisfies Record<string, boolean>;

export type FeaturePage = keyof typeof FEATURE_PAGES;

/** Whether the page of a later feature exists yet. */
export function hasFeaturePage(path: FeaturePage): boolean {
  return FEATURE_PAGES[path];
}
