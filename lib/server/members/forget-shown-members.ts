import 'server-only';
import { clearLanderAudiences } from '../landers/lander-members';
import { clearFeaturedMembers } from './featured-members';

/**
 * Forgets the members this process keeps to show visitors (the home page's and the landers'), so a
 * member who goes invisible or deletes the account leaves them at once here; other instances follow
 * within their cache's minute (landers) or five minutes (home).
 */
export function forgetShownMembers(): void {
  clearLanderAudiences();
  clearFeaturedMembers();
}
