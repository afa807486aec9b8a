import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';

function Menu() {
  return (
    <>
      <DisclosureMenu label="Account">
        {(close) => (
          <li>
            <button type="button" className="dropdown-item" onClick={close}>
              Logout
            </button>
          </li>
        )}
      </DisclosureMenu>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('disclosure menu', () => {
  it('opens from the keyboard, closes on Escape and gives focus back to its button', async () => {
    render(<Menu />);
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when an item is chosen or something else is clicked', async () => {
    render(<Menu />);
    const toggle = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});
