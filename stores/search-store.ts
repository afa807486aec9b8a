import { createStore } from 'zustand/vanilla';
import type { SearchFilters } from '@/lib/shared/schemas/members';

/**
 * The search's client state (spec §3): the filters the member chose. The results are server data
 * and live in React Query under the filters' key (lib/api/members.ts), so they survive opening a
 * profile and coming back.
 */
export interface SearchState {
  filters: SearchFilters;
  /** The filters the search started with (the site's or the member's defaults). */
  initialFilters: SearchFilters;
  setFilters: (filters: SearchFilters) => void;
  /** Puts the filters back to those the search started with. */
  clear: () => void;
}

/** One search store per provider (the members area). */
export function createSearchStore(initialFilters: SearchFilters = {}) {
  return createStore<SearchState>()((set) => ({
    filters: initialFilters,
    initialFilters,
    setFilters: (filters) => set({ filters }),
    clear: () => set((state) => ({ filters: state.initialFilters })),
  }));
}

export type SearchStore = ReturnType<typeof createSearchStore>;
