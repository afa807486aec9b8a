'use client';

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createSignupStore, type SignupState, type SignupStore } from './signup-store';

const SignupStoreContext = createContext<SignupStore | null>(null);

/** Creates the signup store for the UI below it and loads the stored draft once in the browser. */
export function SignupStoreProvider(props: { children: ReactNode }) {
  const [store] = useState(() => createSignupStore());
  useEffect(() => {
    void store.persist.rehydrate();
  }, [store]);
  return <SignupStoreContext.Provider value={store}>{props.children}</SignupStoreContext.Provider>;
}

function useSignupStoreApi(): SignupStore {
  const store = useContext(SignupStoreContext);
  if (!store) throw new Error('useSignupStore must be used inside SignupStoreProvider');
  return store;
}

export function useSignupStore<T>(selector: (state: SignupState) => T): T {
  return useStore(useSignupStoreApi(), selector);
}

/** Whether the stored draft has been loaded; until then the form would show an empty step 0. */
export function useSignupDraftLoaded(): boolean {
  const store = useSignupStoreApi();
  return useSyncExternalStore(
    (onChange) => store.persist.onFinishHydration(onChange),
    () => store.persist.hasHydrated(),
    () => false,
  );
}
