import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { MyReports } from '@/components/complaints/my-reports';
import { apiError } from '@/lib/api/mocks/api-error';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { OwnComplaint } from '@/lib/shared/schemas/moderation';
import { renderWithProviders } from '../helpers/render';

const report = (id: number, overrides: Partial<OwnComplaint>): OwnComplaint => ({
  id,
  reference: `C-${String(id).padStart(6, '0')}`,
  created_at: '2026-03-02T10:00:00.000Z',
  reason: 'harassment',
  member: { id: 40 + id, name: `Member ${id}` },
  has_conversation: false,
  status: 'received',
  status_changed_at: '2026-03-03T10:00:00.000Z',
  ...overrides,
});

let reports: OwnComplaint[] = [];
const handlers = () => [
  http.get('*/api/complaints.php', () => HttpResponse.json({ complaints: reports })),
  ...createHandlers(() => 'member'),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reports = [];
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const section = () => screen.getByRole('region', { name: 'My reports' });
const item = (reference: string) => section().querySelector(`[data-reference="${reference}"]`) as HTMLElement;

describe('My reports', () => {
  it('lists each report with whom it was about, why, when and where it stands', async () => {
    reports = [
      report(3, { status: 'action_taken', has_conversation: true }),
      report(2, { status: 'in_review', reason: 'fake_profile' }),
      report(1, { status: 'no_action', member: null, reason: 'billing' }),
    ];
    renderWithProviders(<MyReports />, { user: mockUser });
    await within(section()).findByText('Member 3');
    expect(item('C-000003').querySelector('[data-status]')).toHaveTextContent('Action taken');
    const ended = within(item('C-000003')).getByRole('list', { name: 'Status' });
    expect(within(ended).getByText('Action taken')).toHaveAttribute('aria-current', 'step');
    expect(
      within(item('C-000003')).getByText(/Harassment or threats · Includes a conversation/),
    ).toBeInTheDocument();
    expect(
      within(item('C-000003')).getByText('We found a breach of our rules and acted on it.'),
    ).toBeInTheDocument();
    expect(within(item('C-000003')).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(within(item('C-000002')).getByText('Fake profile')).toBeInTheDocument();
    const steps = within(item('C-000002')).getByRole('list', { name: 'Status' });
    expect(within(steps).getByText('In review')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getByText('Decided')).not.toHaveAttribute('aria-current');
    expect(within(item('C-000001')).getByText('Our service')).toBeInTheDocument();
    expect(item('C-000001').querySelector('[data-status]')).toHaveTextContent('No action');
    expect(within(section()).getByRole('link', { name: 'Report something' })).toHaveAttribute(
      'href',
      '/complaints',
    );
  });

  it('says so when there is nothing', async () => {
    renderWithProviders(<MyReports />, { user: mockUser });
    expect(await within(section()).findByText('You have not reported anything.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.use(http.get('*/api/complaints.php', () => apiError('internal_error')));
    renderWithProviders(<MyReports />, { user: mockUser });
    expect(
      await within(section()).findByText('Your reports could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
