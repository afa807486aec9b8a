'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** A key that does something on the current page: `j`, `k`, `?`, and what it does, for the help. */
export interface ConsoleShortcut {
  key: string;
  label: string;
  onKey: () => void;
  /** Off while the action is not possible (nothing selected). */
  isDisabled?: boolean;
}

interface ShortcutRegistry {
  shortcuts: readonly ConsoleShortcut[];
  setShortcuts: (list: readonly ConsoleShortcut[]) => void;
}

const ShortcutContext = createContext<ShortcutRegistry | null>(null);

/** Keys typed into a field, or with a modifier, are the field's or the browser's, never a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const sameKeys = (a: readonly ConsoleShortcut[], b: readonly ConsoleShortcut[]) =>
  a.length === b.length &&
  a.every((s, i) => s.key === b[i]?.key && s.label === b[i]?.label && !s.isDisabled === !b[i]?.isDisabled);

/** Holds the current page's shortcuts and dispatches their keys. */
export function ConsoleShortcutProvider(props: { children: ReactNode; onHelp: () => void }) {
  const [shortcuts, setShortcutList] = useState<readonly ConsoleShortcut[]>([]);
  const latest = useRef({ shortcuts, onHelp: props.onHelp });
  useEffect(() => {
    latest.current.onHelp = props.onHelp;
  });
  // The keys work from the moment the page that gives them shows, not one render later. The help
  // shows again only when a key, its label or its state changed, so a page that builds its list anew
  // on every render costs nothing.
  const setShortcuts = useCallback((list: readonly ConsoleShortcut[]) => {
    latest.current.shortcuts = list;
    setShortcutList((shown) => (sameKeys(shown, list) ? shown : list));
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event) || event.defaultPrevented) return;
      if (document.querySelector('dialog[open], .modal.show')) return;
      if (event.key === '?') {
        event.preventDefault();
        latest.current.onHelp();
        return;
      }
      const hit = latest.current.shortcuts.find((s) => s.key === event.key && !s.isDisabled);
      if (!hit) return;
      event.preventDefault();
      hit.onKey();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const value = useMemo(() => ({ shortcuts, setShortcuts }), [shortcuts, setShortcuts]);
  return <ShortcutContext.Provider value={value}>{props.children}</ShortcutContext.Provider>;
}

/** The shortcuts of the current page, for the help dialog. */
export function useShortcutList(): readonly ConsoleShortcut[] {
  return useContext(ShortcutContext)?.shortcuts ?? [];
}

/**
 * Gives the page's shortcuts to the console while the page shows: pass a new list when what the keys
 * do changes (the selected item). Keys typed in fields are left alone.
 */
export function useConsoleShortcuts(shortcuts: readonly ConsoleShortcut[]): void {
  const registry = useContext(ShortcutContext);
  const setShortcuts = registry?.setShortcuts;
  // Registered as the page is put on screen, so a key pressed as soon as it shows does its work.
  useLayoutEffect(() => {
    setShortcuts?.(shortcuts);
  }, [setShortcuts, shortcuts]);
  useLayoutEffect(() => () => setShortcuts?.([]), [setShortcuts]);
}
