'use client';

import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { createSearchStore, type SearchState, type SearchStore } from '@/stores/search-store';
import { pageHoles } from '../providers/page-holes';

const SearchStoreContext = createContext<SearchStore | null>(null);

/** Holds the search state for the members area, so results survive opening a profile and coming back. */
export function SearchStoreProvider(props: { children: ReactNode; initialFilters?: SearchFilters }) {
  const [store] = useState(() => createSearchStore(props.initialFilters));
  // A page rendered once for the viewer's class starts the search where the viewer's own starts.
  useLayoutEffect(() => {
    const filters = pageHoles()?.searchFilters;
    if (filters) store.setState({ filters, initialFilters: filters });
  }, [store]);
  return <SearchStoreContext.Provider value={store}>{props.children}</SearchStoreContext.Provider>;
}

export function useSearchStore<T>(selector: (state: SearchState) => T): T {
  const store = useContext(SearchStoreContext);
  if (!store) throw new Error('useSearchStore needs a SearchStoreProvider');
  return useStore(store, selector);
}
