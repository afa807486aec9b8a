'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { discountKeys, likeKeys, memberKeys, queryKeys } from '@/lib/api/keys';
import { PAGE_HOLES_ID, type PageHoles } from '@/lib/shared/page-holes';
import type { MemberDetail } from '@/lib/shared/schemas/members';

let holesRead: PageHoles | null | undefined;

/**
 * The holes of the page this tab loaded first, when the server answered it from a page rendered once
 * for the viewer's class (lib/server/page-cache): what is the viewer's own. Null on the server and
 * for a page rendered for its viewer.
 */
export function pageHoles(): PageHoles | null {
  if (typeof document === 'undefined') return null;
  if (holesRead === undefined) {
    const element = document.getElementById(PAGE_HOLES_ID);
    try {
      holesRead = element?.textContent ? (JSON.parse(element.textContent) as PageHoles) : null;
    } catch {
      holesRead = null;
    }
  }
  return holesRead;
}

function fillHoles(queryClient: QueryClient, holes: PageHoles): void {
  queryClient.setQueryData(queryKeys.user, holes.user);
  if (holes.offers) {
    queryClient.setQueryData(discountKeys.welcome, holes.offers.welcome);
    queryClient.setQueryData(discountKeys.timeBonus, holes.offers.timeBonus);
  }
  if (holes.likes) queryClient.setQueryData(likeKeys.likes, holes.likes);
  const member = holes.member;
  if (member) {
    const { id, ...relation } = member;
    queryClient.setQueryData<MemberDetail>(memberKeys.member(id), (shown) =>
      shown ? { ...shown, ...relation } : shown,
    );
  }
}

const PendingContext = createContext(false);

/**
 * Whether the page still shows its class's stand-ins where the viewer's own data goes (their name,
 * photo and credits, how they stand to a member): true from the server's render until the holes are
 * filled, before the page's first effects run.
 */
export const usePageHolesPending = () => useContext(PendingContext);

export function PageHolesProvider(props: { hasHoles: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(props.hasHoles);

  useLayoutEffect(() => {
    if (!isPending) return;
    const holes = pageHoles();
    if (holes) fillHoles(queryClient, holes);
    // Once, right after hydration and before the page paints again or runs its effects: the page
    // rendered with the class's stand-ins (as the server did) and now shows the viewer's own data.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one switch from server to viewer data
    setPending(false);
  }, [isPending, queryClient]);

  return <PendingContext.Provider value={isPending}>{props.children}</PendingContext.Provider>;
}
