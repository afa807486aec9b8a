import { createStore } from 'zustand/vanilla';
import type { MemberCard, SearchFilters, SearchPage, SearchResponse } from '@/lib/shared/schemas/members';

/** The search state (spec §3): filters, the pages loaded so far, the total, similar results, cached profiles. */
export interface SearchData {
  filters: SearchFilters;
  /** Result pages in the order they were loaded; they accumulate as the member scrolls. */
  pages: SearchPage[];
  numResults: number;
  hasMore: boolean;
  /** Similar results from relaxed filters, when few profiles match (page 1 only). */
  similar: SearchPage | null;
  /** Every profile seen in results, by id, so a member page can show its header at once. */
  otherProfiles: Record<number, MemberCard>;
  /** True once the first page for the current filters has arrived. */
  initialised: boolean;
  /** Whether a page is being fetched, or the last fetch failed (with the API's text). */
  status: 'idle' | 'loading' | 'failed';
  failure: string | null;
}

export interface SearchState extends SearchData {
  /** New filters: the results of the old ones are dropped. */
  setFilters: (filters: SearchFilters) => void;
  /** Adds a page from `GET /api/members.php`; a page already held is replaced, not repeated. */
  addPage: (response: SearchResponse) => void;
  /** Clears the results and puts the filters back to those the search started with. */
  clear: () => void;
  startLoading: () => void;
  fail: (message: string) => void;
}

const emptyResults = (filters: SearchFilters): SearchData => ({
  filters,
  pages: [],
  numResults: 0,
  hasMore: false,
  similar: null,
  otherProfiles: {},
  initialised: false,
  status: 'idle',
  failure: null,
});

const byId = (cards: readonly MemberCard[]) => Object.fromEntries(cards.map((card) => [card.id, card]));

/** One search store per provider (the members area), so results survive opening a profile and coming back. */
export function createSearchStore(initialFilters: SearchFilters = {}) {
  return createStore<SearchState>()((set) => ({
    ...emptyResults(initialFilters),
    setFilters: (filters) =>
      set((state) => ({ ...emptyResults(filters), otherProfiles: state.otherProfiles })),
    addPage: (response) =>
      set((state) => {
        const pages = [
          ...state.pages.filter((p) => p.pageNumber !== response.page.pageNumber),
          response.page,
        ].sort((a, b) => a.pageNumber - b.pageNumber);
        const similar = response.page.pageNumber === 1 ? response.similar : state.similar;
        return {
          pages,
          numResults: response.numResults,
          hasMore: response.hasMore,
          similar,
          initialised: true,
          status: 'idle',
          failure: null,
          otherProfiles: {
            ...state.otherProfiles,
            ...byId(response.page.results),
            ...byId(response.similar?.results ?? []),
          },
        };
      }),
    clear: () => set(emptyResults(initialFilters)),
    startLoading: () => set({ status: 'loading', failure: null }),
    fail: (message) => set({ status: 'failed', failure: message }),
  }));
}

export type SearchStore = ReturnType<typeof createSearchStore>;

/** Every result loaded so far, in order, without repeats (a profile can move between pages while browsing). */
export function resultsOf(pages: readonly SearchPage[]): MemberCard[] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.results.filter((card) => (seen.has(card.id) ? false : (seen.add(card.id), true))),
  );
}
