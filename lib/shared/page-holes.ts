import type { LikesState } from './schemas/likes';
import type { SearchFilters } from './schemas/members';
import type { DiscountCode } from './schemas/payments';
import type { User } from './schemas/user';

// The holes of a page rendered once for a class of viewers (lib/shared/page-class.ts): what is the
// viewer's own, written into the page with each answer. No schema library here: the browser reads
// this module.

/** A member's offers as the discount calls answer them. */
export interface MemberOffers {
  welcome: DiscountCode | null;
  timeBonus: { code: string; value_percentage: number; seconds_left: number } | null;
}

/** The element holding a page's holes (JSON), written into the document's head with each answer. */
export const PAGE_HOLES_ID = 'lovelane-page-holes';

/** What of a render-once page is the viewer's own. */
export interface PageHoles {
  /** When the viewer's data was read: the tab's event stream replays from then. */
  since: number;
  user: User | null;
  offers?: MemberOffers;
  /** The member shown, as they stand to the viewer. */
  member?: {
    id: number;
    liked_by_viewer: boolean;
    likes_viewer: boolean;
    match: boolean;
    blocked_by_viewer: boolean;
  };
  /** Where the viewer's search starts (the members area's search state). */
  searchFilters?: SearchFilters;
  /** The viewer's likes (the hearts on the search page's cards). */
  likes?: LikesState;
}

/** The holes as a script element's JSON, safe inside HTML. */
export function pageHolesElement(holes: PageHoles): string {
  const json = JSON.stringify(holes)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_HOLES_ID}">${json}</script>`;
}
