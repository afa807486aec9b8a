import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { LanderActivity } from '@/components/lander/lander-activity';
import { mockSettings } from '@/lib/api/mocks/fixtures';
import type { MemberCard } from '@/lib/shared/schemas/members';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { buildMemberCard } from '@/tests/factories/build-member';

function renderActivity(
  audience: { onlineCount: number; members: MemberCard[] },
  locale: 'en' | 'de' = 'en',
) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Amsterdam">
      <p>
        <LanderActivity audience={audience} settings={mockSettings} />
      </p>
    </NextIntlClientProvider>,
  );
}

describe('the lander’s activity line', () => {
  it('says how many members are online when some are', () => {
    renderActivity({ onlineCount: 3, members: [buildMemberCard(1)] });
    expect(screen.getByText('3 members are online now')).toBeInTheDocument();
  });

  it('names the members active most recently instead of saying nobody is online, real ones first', () => {
    const members = [
      buildMemberCard(1, { name: 'Fenna', fictional: true }),
      buildMemberCard(2, { name: 'Anna' }),
      buildMemberCard(3, { name: 'Lisa' }),
      buildMemberCard(4, { name: 'Eva' }),
      buildMemberCard(5, { name: 'Noor' }),
    ];
    const { container } = renderActivity({ onlineCount: 0, members });
    expect(screen.getByTestId('lander-recent')).toHaveTextContent('Active recently: Anna, Lisa, and Eva');
    expect(container).not.toHaveTextContent(/Nobody/);
    expect(container.querySelectorAll('.lander-recent-faces img')).toHaveLength(3);
  });

  it('speaks the visitor’s language', () => {
    renderActivity(
      {
        onlineCount: 0,
        members: [buildMemberCard(2, { name: 'Anna' }), buildMemberCard(3, { name: 'Lisa' })],
      },
      'de',
    );
    expect(screen.getByTestId('lander-recent')).toHaveTextContent('Kürzlich aktiv: Anna und Lisa');
  });

  it('is left out when the country has nobody to show', () => {
    const { container } = renderActivity({ onlineCount: 0, members: [] });
    expect(container).toHaveTextContent('');
    expect(screen.queryByTestId('lander-recent')).not.toBeInTheDocument();
  });
});
