// The console's keyboard shortcuts: a page's keys work as soon as the page shows them, a key typed in a
// field stays the field's, a disabled action does nothing, and a page that goes takes its keys along.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ConsoleShortcutProvider,
  useConsoleShortcuts,
  useShortcutList,
  type ConsoleShortcut,
} from '@/components/operator/console-shortcuts';

function Page(props: { shortcuts: ConsoleShortcut[] }) {
  useConsoleShortcuts(props.shortcuts);
  return <input aria-label="Reason" />;
}

function Help() {
  return (
    <ul aria-label="Keys">
      {useShortcutList().map((s) => (
        <li key={s.key}>{s.label}</li>
      ))}
    </ul>
  );
}

function Console(props: { shortcuts: ConsoleShortcut[]; onHelp?: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <ConsoleShortcutProvider onHelp={props.onHelp ?? (() => {})}>
      <button type="button" onClick={() => setOpen(false)}>
        Leave
      </button>
      {isOpen ? <Page shortcuts={props.shortcuts} /> : null}
      <Help />
    </ConsoleShortcutProvider>
  );
}

const press = (key: string, target: Element | Document = document) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });

describe('console shortcuts', () => {
  it('runs the page’s key at once, lists it for the help, and leaves keys typed in a field alone', () => {
    const approve = vi.fn();
    const onHelp = vi.fn();
    render(<Console shortcuts={[{ key: 'a', label: 'Approve photo', onKey: approve }]} onHelp={onHelp} />);
    press('a');
    expect(approve).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('list', { name: 'Keys' })).toHaveTextContent('Approve photo');

    press('a', screen.getByRole('textbox', { name: 'Reason' }));
    expect(approve).toHaveBeenCalledTimes(1);
    press('?');
    expect(onHelp).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a disabled action, and forgets the keys of a page that went', () => {
    const ban = vi.fn();
    const next = vi.fn();
    render(
      <Console
        shortcuts={[
          { key: 'b', label: 'Ban', onKey: ban, isDisabled: true },
          { key: 'j', label: 'Next', onKey: next },
        ]}
      />,
    );
    press('b');
    expect(ban).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    press('j');
    expect(next).not.toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'Keys' })).toBeEmptyDOMElement();
  });

  it('takes a list made anew on every render without rendering again, and runs its latest handler', () => {
    const seen: number[] = [];
    function Counter() {
      const [count, setCount] = useState(0);
      useConsoleShortcuts([{ key: 'c', label: 'Count', onKey: () => seen.push(count) }]);
      return (
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {`Clicked ${count}`}
        </button>
      );
    }
    render(
      <ConsoleShortcutProvider onHelp={() => {}}>
        <Counter />
      </ConsoleShortcutProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 1' }));
    press('c');
    expect(seen).toEqual([2]);
  });
});
