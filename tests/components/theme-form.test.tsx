import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeForm } from '@/components/account/theme-form';
import { renderWithProviders } from '../helpers/render';

afterEach(() => {
  document.cookie = 'theme=; max-age=0; path=/';
  document.documentElement.removeAttribute('data-bs-theme');
});

describe('appearance', () => {
  it('follows the system until the member chooses, then applies the choice at once and keeps it', async () => {
    const { unmount } = renderWithProviders(<ThemeForm />);
    expect(screen.getByRole('radio', { name: 'Like my system' })).toBeChecked();
    expect(document.documentElement).not.toHaveAttribute('data-bs-theme');

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(document.cookie).toContain('theme=dark');

    // Coming back to settings shows the kept choice.
    unmount();
    renderWithProviders(<ThemeForm />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Like my system' }));
    expect(document.documentElement).not.toHaveAttribute('data-bs-theme');
    expect(document.cookie).not.toContain('theme=');
  });
});
