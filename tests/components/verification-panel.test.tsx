import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { VerificationPanel } from '@/components/verification/verification-panel';
import { apiError } from '@/lib/api/mocks/api-error';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMockProfileState,
  createProfileHandlers,
  mockVerification,
  type MockProfileState,
} from '@/lib/api/mocks/profile-handlers';
import { buildUser } from '@/tests/factories/build-user';
import { renderWithProviders } from '../helpers/render';

let state: MockProfileState = createMockProfileState();
const handlers = () => [...createProfileHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockProfileState();
  server.resetHandlers(...handlers());
  // jsdom keeps no pictures in memory: a still gets an address all the same.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:selfie', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});
afterAll(() => server.close());

const panel = () => screen.getByRole('region', { name: 'Photo verification' });
const selfieFile = () =>
  new File([Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3)], 'me.jpg', { type: 'image/jpeg' });

function renderPanel(user = mockUser) {
  return renderWithProviders(<VerificationPanel />, { user });
}

describe('the verification panel', () => {
  it('explains the verification and its privacy before anything is asked', async () => {
    renderPanel();
    const steps = await within(panel()).findByRole('list', { name: 'How it works' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'We show you a pose.',
      'You take a selfie copying it.',
      'Our team compares it with your photos.',
    ]);
    expect(panel()).toHaveTextContent('deleted 30 days after our decision');
    expect(within(panel()).getByRole('button', { name: 'Start verification' })).toBeEnabled();
  });

  it('asks for a photo first, and for a confirmed address', async () => {
    state.verification = mockVerification({ can_request: false, has_photo: false });
    const { unmount } = renderPanel();
    expect(await within(panel()).findByRole('button', { name: 'Start verification' })).toBeDisabled();
    expect(panel()).toHaveTextContent('Add a photo of yourself first');
    unmount();

    state.verification = mockVerification();
    renderPanel(buildUser({ status: 'not_confirmed' }));
    expect(await within(panel()).findByRole('button', { name: 'Start verification' })).toBeDisabled();
    expect(panel()).toHaveTextContent('Confirm your e-mail address first');
  });

  it('gives the pose and takes an uploaded selfie where the browser has no camera; then it waits', async () => {
    renderPanel();
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Start verification' }));
    expect(
      await within(panel()).findByText('Make a peace sign with one hand next to your face.'),
    ).toBeVisible();
    expect(within(panel()).getByText('Copy this pose')).toBeVisible();
    expect(panel().querySelector('img[src="/verification-poses/peace-sign.svg"]')).not.toBeNull();

    await userEvent.click(within(panel()).getByRole('button', { name: 'Open camera' }));
    expect(within(panel()).getByRole('alert')).toHaveTextContent('This browser cannot open the camera here.');

    const input = within(panel()).getByLabelText('Take or choose a photo');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'user');
    await userEvent.upload(input, selfieFile());
    expect(within(panel()).getByRole('img', { name: 'Your selfie' })).toHaveAttribute('src', 'blob:selfie');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Send selfie' }));

    expect(
      await within(panel()).findByRole('heading', { name: 'We are checking your selfie' }),
    ).toBeVisible();
    expect(panel()).toHaveTextContent('Thank you! Your selfie has been sent.');
    expect(state.selfies).toHaveLength(1);
  });

  it('says the camera is blocked when the browser refuses it, and offers the upload', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    state.verification = mockVerification({ state: 'posing', pose: 'thumbs_up', can_request: false });
    renderPanel();
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Open camera' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Camera access is blocked.');
    expect(within(panel()).getByRole('button', { name: 'Upload a photo instead' })).toBeEnabled();
  });

  it('refuses a file that is no photo before sending it', async () => {
    state.verification = mockVerification({ state: 'posing', pose: 'open_palm', can_request: false });
    renderPanel();
    const input = await within(panel()).findByLabelText('Take or choose a photo');
    await userEvent.upload(input, new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(within(panel()).getByRole('alert')).toHaveTextContent('This file is not a photo we can use.');
    expect(state.selfies).toEqual([]);
  });

  it('shows the badge’s state: verified since a day, paused for a re-check', async () => {
    state.verification = mockVerification({
      state: 'verified',
      since: '2026-03-02T10:00:00.000Z',
      can_request: false,
    });
    const { unmount } = renderPanel();
    expect(await within(panel()).findByRole('heading', { name: 'You are photo verified' })).toBeVisible();
    expect(panel()).toHaveTextContent('Verified since March 2, 2026');
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
    unmount();

    state.verification = mockVerification({ state: 'rechecking', can_request: false });
    renderPanel();
    expect(await within(panel()).findByRole('heading', { name: 'Your check mark is paused' })).toBeVisible();
    expect(panel()).toHaveTextContent('Your new main photo has not been checked against your selfie yet.');
  });

  it('names the reason of a rejection and tries again with a new pose', async () => {
    state.verification = mockVerification({ state: 'rejected', reason: 'face_not_visible' });
    state.nextPose = 'finger_on_chin';
    renderPanel();
    expect(
      await within(panel()).findByRole('heading', { name: 'Your selfie was not approved' }),
    ).toBeVisible();
    expect(panel()).toHaveTextContent('The reason: your face was not clearly visible.');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(panel()).findByText('Put one finger on your chin, as if you are thinking.'),
    ).toBeVisible();
  });

  it('says why the badge is off after a failed re-check, and offers to verify again', async () => {
    state.verification = mockVerification({ state: 'withdrawn', reason: 'not_same_person' });
    renderPanel();
    expect(await within(panel()).findByRole('heading', { name: 'Your check mark is off' })).toBeVisible();
    expect(panel()).toHaveTextContent(
      'We could not match your new main photo: the selfie did not seem to show the person in your profile photos.',
    );
    expect(within(panel()).getByRole('button', { name: 'Verify again' })).toBeEnabled();
  });

  it('shows the server’s refusal in the member’s language', async () => {
    server.use(http.post('*/api/verification.php', () => apiError('verification_open')));
    renderPanel();
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Start verification' }));
    await waitFor(() =>
      expect(within(panel()).getByRole('alert')).toHaveTextContent('Your verification is already under way.'),
    );
  });

  it('tells a fictional profile that verification is not for it', async () => {
    state.verification = mockVerification({ state: 'unavailable', can_request: false });
    renderPanel();
    expect(
      await within(panel()).findByText('Photo verification is not available for this profile.'),
    ).toBeVisible();
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
  });
});
