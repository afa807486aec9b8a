import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { MemberCard } from '@/components/members/member-card';
import { VerifiedBadge } from '@/components/verification/verified-badge';
import { mockSettings, mockUser } from '@/lib/api/mocks/fixtures';
import { buildMemberCard } from '@/tests/factories/build-member';
import { renderWithProviders } from '../helpers/render';

const server = setupServer(http.get('*/api/settings.php', () => HttpResponse.json(mockSettings)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the verified badge', () => {
  it('is a picture named “Photo verified” inside a link, where it cannot be a button', () => {
    renderWithProviders(
      <a href="/members/7">
        Sam <VerifiedBadge />
      </a>,
    );
    const link = screen.getByRole('link');
    expect(within(link).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    expect(within(link).queryByRole('button')).not.toBeInTheDocument();
  });

  it('explains itself on a click, by keyboard and to screen readers; Escape or a press elsewhere closes it', async () => {
    renderWithProviders(
      <div>
        <h1>Sam, 31</h1>
        <VerifiedBadge name="Sam" />
        <p>Elsewhere</p>
      </div>,
    );
    const button = screen.getByRole('button', { name: 'Photo verified' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const live = screen.getByRole('status');
    expect(live).toBeEmptyDOMElement();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(live).toHaveTextContent(
      'Photo verified. Sam took a selfie copying a pose we asked for, and our team checked that it matches the profile photos.',
    );
    expect(document.querySelector('.verified-bubble')).toHaveTextContent('Sam took a selfie');

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(document.querySelector('.verified-bubble')).toBeNull();

    // Keyboard: Enter opens it, a press anywhere else closes it.
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(live).toBeEmptyDOMElement();
  });

  it('marks verified members on their cards, with the badge in the card’s name', () => {
    renderWithProviders(
      <>
        <MemberCard card={buildMemberCard(3, { name: 'Vera', age: 29, verified: true, online: false })} />
        <MemberCard card={buildMemberCard(4, { name: 'Noor', age: 33, verified: false, online: false })} />
      </>,
      { user: mockUser },
    );
    const verified = screen.getByRole('heading', { name: 'Vera, 29 (Photo verified)' });
    expect(within(verified).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    const plain = screen.getByRole('heading', { name: 'Noor, 33' });
    expect(within(plain).queryByRole('img')).not.toBeInTheDocument();
  });
});
