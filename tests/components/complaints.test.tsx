import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ComplaintForm } from '@/components/complaints/complaint-form';
import {
  createComplaintHandlers,
  createMockComplaintState,
  type MockComplaintState,
} from '@/lib/api/mocks/complaint-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import en from '@/messages/en.json';
import { renderWithProviders } from '../helpers/render';

let state: MockComplaintState = createMockComplaintState();
let isMember = false;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockComplaintState();
  isMember = false;
  server.resetHandlers(...createComplaintHandlers(state, () => isMember));
});
afterAll(() => server.close());

const t = en.Complaints;
const TEXT = 'He keeps sending me threats after I stopped answering.';

async function fill(options: { reason?: string; text?: string; ref?: string; email?: string }) {
  const user = userEvent.setup();
  if (options.reason) await user.selectOptions(screen.getByLabelText(t.reason), options.reason);
  if (options.text) await user.type(screen.getByLabelText(t.text), options.text);
  if (options.ref) await user.type(screen.getByLabelText(t.conversationRef), options.ref);
  if (options.email) await user.type(screen.getByLabelText(t.email), options.email);
  await user.click(screen.getByRole('button', { name: t.submit }));
}

describe('complaint form', () => {
  it('names every problem under its field and focuses the first', async () => {
    renderWithProviders(<ComplaintForm member={null} />, { user: null });
    await fill({ text: 'Too short' });
    const reason = screen.getByLabelText(t.reason);
    expect(reason).toHaveAccessibleDescription(en.Errors.complaint_reason_required);
    expect(reason).toHaveFocus();
    expect(screen.getByLabelText(t.text)).toHaveAccessibleDescription(
      expect.stringContaining('Please describe the problem in 10 to 2000 characters.'),
    );
    expect(screen.getByLabelText(t.email)).toHaveAccessibleDescription(
      expect.stringContaining(en.Errors.complaint_email_required),
    );
    expect(state.received).toEqual([]);
  });

  it("sends a visitor's complaint and shows the reference number", async () => {
    renderWithProviders(<ComplaintForm member={null} />, { user: null });
    await fill({
      reason: t.reasons.harassment,
      text: TEXT,
      ref: 'messages of 3 May',
      email: 'ann@example.test',
    });
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(t.doneTitle);
    expect(done).toHaveTextContent('Your reference number is C-000001. Please note it down');
    await waitFor(() => expect(done).toHaveFocus());
    expect(state.received).toEqual([
      { reason: 'harassment', text: TEXT, conversation_ref: 'messages of 3 May', email: 'ann@example.test' },
    ]);
  });

  it("answers a member at the account's address without asking for one", async () => {
    isMember = true;
    renderWithProviders(<ComplaintForm member={null} />, { user: mockUser });
    expect(screen.queryByLabelText(t.email)).not.toBeInTheDocument();
    expect(screen.getByText(t.memberEmail)).toBeInTheDocument();
    await fill({ reason: t.reasons.billing, text: 'I was charged twice this month.' });
    expect(await screen.findByRole('status')).toHaveTextContent('C-000001');
    expect(state.received[0]).toEqual({ reason: 'billing', text: 'I was charged twice this month.' });
  });

  it('reports the member it was opened for', async () => {
    renderWithProviders(<ComplaintForm member={{ id: 7, name: 'Roos' }} />, { user: null });
    expect(screen.getByText('Your complaint is about Roos.')).toBeInTheDocument();
    await fill({ reason: t.reasons.fake_profile, text: TEXT, email: 'ann@example.test' });
    await screen.findByRole('status');
    expect(state.received[0]).toMatchObject({ reason: 'fake_profile', member: 7 });
  });

  it('says so when the member is unknown', async () => {
    renderWithProviders(<ComplaintForm member={{ id: 99, name: null }} />, { user: null });
    expect(screen.getByText('Your complaint is about member number 99.')).toBeInTheDocument();
    await fill({ reason: t.reasons.fake_profile, text: TEXT, email: 'ann@example.test' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This member could not be found.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(state.received).toEqual([]);
  });

  it('starts again for another complaint', async () => {
    renderWithProviders(<ComplaintForm member={null} />, { user: null });
    await fill({ reason: t.reasons.other, text: TEXT, email: 'ann@example.test' });
    await userEvent.click(await screen.findByRole('button', { name: t.another }));
    expect(screen.getByLabelText(t.text)).toHaveValue('');
    expect(screen.getByRole('button', { name: t.submit })).toBeEnabled();
  });
});
