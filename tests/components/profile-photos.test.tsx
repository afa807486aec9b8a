import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { http } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/tests/factories/build-user';
import '../helpers/next-navigation';
import { PhotoManager } from '@/components/profile/photo-manager';
import type { ApiClient } from '@/lib/api/api-client';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMockProfileState,
  createProfileHandlers,
  mockPhoto,
  type MockProfileState,
} from '@/lib/api/mocks/profile-handlers';
import { uploadPercent, uploadPhotoMutation } from '@/lib/api/photos';
import { FREE_PHOTO_LIMIT, MAX_UPLOAD_BYTES } from '@/lib/shared/schemas/photos';
import { renderWithProviders } from '../helpers/render';

// The pages of later features (premium, credits, notification settings) exist in these tests, so
// their links show; without them no link is shown (tests/components/nav.test.tsx).
vi.mock('@/lib/shared/feature-pages', () => ({
  hasFeaturePage: () => true,
  buyCreditsPage: () => '/credits',
}));

let state: MockProfileState = createMockProfileState();
const handlers = () => [...createProfileHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockProfileState();
  state.photos = [mockPhoto(1, { isMain: true }), mockPhoto(2)];
  state.nextPhotoId = 3;
  server.resetHandlers(...handlers());
  server.events.removeAllListeners();
});
afterAll(() => server.close());

const photos = () => screen.getByRole('region', { name: 'My photos' });
const fileInput = () => within(photos()).getByLabelText('Choose a photo to upload');
const pngFile = (name = 'me.png') =>
  new File([Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0)], name, {
    type: 'image/png',
  });

async function renderPhotos(user = mockUser) {
  const result = renderWithProviders(<PhotoManager />, { user });
  await within(photos()).findByRole('img', { name: 'Photo 1, your main photo' });
  return result;
}

function countCalls(method: string, path: string) {
  const calls = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(path)) calls.count += 1;
  });
  return calls;
}

/** A handler that holds the next upload until released; then the mocked API answers it. */
function holdUploads() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('*/api/photo.php', async () => {
      await held;
    }),
  );
  return () => release();
}

describe('photos', () => {
  it('shows the photos from the CDN with the main one marked, and the count', async () => {
    await renderPhotos();
    const region = photos();
    expect(within(region).getByText('2 of 25 photos')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
      'src',
      '/cdn/photos/1-thumb.jpg',
    );
    expect(within(region).getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
      'src',
      '/cdn/photos/2-thumb.jpg',
    );
    expect(within(region).getByText('Main photo')).toBeInTheDocument();
    // The main photo is main already; only the other one can become it.
    expect(
      within(region).queryByRole('button', { name: 'Make main photo: photo 1' }),
    ).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Make main photo: photo 2' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Delete photo 1' })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  });

  it('marks the photos checked against the verification selfie, and says what a new main photo does', async () => {
    state.photos = [mockPhoto(1, { isMain: true, verified: true }), mockPhoto(2)];
    await renderPhotos();
    const tiles = within(photos()).getAllByRole('listitem');
    expect(
      within(tiles[0] as HTMLElement).getByText('Checked against your verification selfie'),
    ).toBeInTheDocument();
    expect(
      within(tiles[1] as HTMLElement).queryByText('Checked against your verification selfie'),
    ).toBeNull();
    expect(photos()).toHaveTextContent('Another photo as your main photo pauses your check mark');
  });

  it('says so when there are no photos yet', async () => {
    state.photos = [];
    renderWithProviders(<PhotoManager />, { user: mockUser });
    expect(await within(photos()).findByText(/You have no photos yet/)).toBeInTheDocument();
    expect(within(photos()).getByText('0 of 25 photos')).toBeInTheDocument();
  });

  it('uploads a photo with a progress bar, then shows it', async () => {
    await renderPhotos();
    const release = holdUploads();
    await userEvent.upload(fileInput(), pngFile());

    const progress = await within(photos()).findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(within(photos()).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(within(photos()).getByRole('status')).toHaveTextContent('Uploading your photo…');

    release();
    await waitFor(() =>
      expect(within(photos()).getByRole('status')).toHaveTextContent('Your photo has been added.'),
    );
    expect(within(photos()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(photos()).getByRole('img', { name: 'Photo 3' })).toHaveAttribute(
      'src',
      '/cdn/photos/3-thumb.jpg',
    );
    expect(within(photos()).getByText('3 of 25 photos')).toBeInTheDocument();
    expect(state.photos.map((photo) => photo.id)).toEqual([1, 2, 3]);
    expect(within(photos()).getByRole('button', { name: 'Add a photo' })).toBeEnabled();
  });

  it('shows the server’s refusal when the limit was reached meanwhile', async () => {
    state.photoLimit = FREE_PHOTO_LIMIT;
    await renderPhotos(buildUser({ paid_user: false }));
    expect(within(photos()).getByText('2 of 3 photos')).toBeInTheDocument();
    // A third photo arrived from another device since the page loaded.
    state.photos = [...state.photos, mockPhoto(3)];

    await userEvent.upload(fileInput(), pngFile());
    expect(await within(photos()).findByRole('alert')).toHaveTextContent(
      'You have reached the maximum of 3 photos. Delete a photo to add another.',
    );
    expect(within(photos()).queryByRole('img', { name: 'Photo 3' })).not.toBeInTheDocument();
  });

  it('shows the server’s text when it refuses the image', async () => {
    server.use(
      http.post('*/api/photo.php', () =>
        apiError('photo_too_many_pixels', {
          message: 'This image has too many pixels. Please upload an image of at most 40 megapixels.',
        }),
      ),
    );
    await renderPhotos();
    await userEvent.upload(fileInput(), pngFile('panorama.png'));
    expect(await within(photos()).findByRole('alert')).toHaveTextContent(
      'This image has too many pixels. Please upload an image of at most 40 megapixels.',
    );
    expect(within(photos()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(photos()).getByText('2 of 25 photos')).toBeInTheDocument();
  });

  it('refuses a GIF or a file over the size limit before uploading, with the server’s texts', async () => {
    const uploads = countCalls('POST', '/api/photo.php');
    const user = userEvent.setup({ applyAccept: false });
    await renderPhotos();

    await user.upload(fileInput(), new File(['GIF89a'], 'funny.gif', { type: 'image/gif' }));
    expect(within(photos()).getByRole('alert')).toHaveTextContent(
      'This file is not a photo we can use. Please upload a JPEG, PNG or WebP image.',
    );

    const huge = pngFile('huge.png');
    Object.defineProperty(huge, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await user.upload(fileInput(), huge);
    expect(within(photos()).getByRole('alert')).toHaveTextContent(
      'This photo is too large. Photos may be up to 10 MB.',
    );
    expect(uploads.count).toBe(0);
    expect(within(photos()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('tells a free member at the limit that premium members can have 25 photos', async () => {
    state.photoLimit = FREE_PHOTO_LIMIT;
    state.photos = [mockPhoto(1, { isMain: true }), mockPhoto(2), mockPhoto(3)];
    await renderPhotos(buildUser({ paid_user: false }));
    const region = photos();
    expect(within(region).getByText('3 of 3 photos')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Add a photo' })).toBeDisabled();
    expect(
      within(region).getByText('You have reached the maximum of 3 photos. Delete a photo to add another.'),
    ).toBeInTheDocument();
    expect(within(region).getByText('Premium members can have up to 25 photos.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Become a premium member' })).toHaveAttribute(
      'href',
      '/premium',
    );
  });

  it('does not offer premium to a free member below the limit', async () => {
    state.photoLimit = FREE_PHOTO_LIMIT;
    await renderPhotos(buildUser({ paid_user: false }));
    expect(within(photos()).getByRole('button', { name: 'Add a photo' })).toBeEnabled();
    expect(within(photos()).queryByRole('link', { name: 'Become a premium member' })).not.toBeInTheDocument();
  });

  it('makes another photo the main one', async () => {
    await renderPhotos();
    await userEvent.click(within(photos()).getByRole('button', { name: 'Make main photo: photo 2' }));
    await waitFor(() =>
      expect(within(photos()).getByRole('status')).toHaveTextContent('Your main photo has been changed.'),
    );
    // The main photo comes first, as the server lists it.
    expect(within(photos()).getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
      'src',
      '/cdn/photos/2-thumb.jpg',
    );
    expect(within(photos()).getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
      'src',
      '/cdn/photos/1-thumb.jpg',
    );
    expect(within(photos()).getByRole('button', { name: 'Make main photo: photo 2' })).toBeInTheDocument();
    expect(state.photos.find((photo) => photo.is_main)?.id).toBe(2);
  });

  it('deletes a photo only after confirmation', async () => {
    await renderPhotos();
    await userEvent.click(within(photos()).getByRole('button', { name: 'Delete photo 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete photo 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.photos).toHaveLength(2);

    await userEvent.click(within(photos()).getByRole('button', { name: 'Delete photo 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete photo 2?' });
    expect(within(dialog).getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
      'src',
      '/cdn/photos/2-thumb.jpg',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() =>
      expect(within(photos()).getByRole('status')).toHaveTextContent('The photo has been deleted.'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(photos()).queryByRole('img', { name: 'Photo 2' })).not.toBeInTheDocument();
    expect(within(photos()).getByText('1 of 25 photos')).toBeInTheDocument();
    expect(state.photos.map((photo) => photo.id)).toEqual([1]);
  });

  it('shows the server’s text when a photo cannot be deleted', async () => {
    await renderPhotos();
    state.photos = [state.photos[0] ?? mockPhoto(1, { isMain: true })];
    await userEvent.click(within(photos()).getByRole('button', { name: 'Delete photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete photo 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(await within(photos()).findByRole('alert')).toHaveTextContent('This could not be found.');
  });
});

describe('photo order', () => {
  beforeEach(() => {
    state.photos = [mockPhoto(1, { isMain: true }), mockPhoto(2), mockPhoto(3)];
    state.nextPhotoId = 4;
  });
  /** The photos' ids in the order shown, read from their file names. */
  const shownOrder = () =>
    within(photos())
      .getAllByRole('img')
      .map((img) => Number(/(\d+)-thumb/.exec(img.getAttribute('src') ?? '')?.[1]));
  const savedOrder = () => state.photos.map((photo) => [photo.id, photo.is_main]);

  it('moves photos with the arrows, the first becoming main, with the keyboard staying on the moved photo', async () => {
    await renderPhotos();
    expect(within(photos()).getByText(/Your first photo is your main photo/)).toBeInTheDocument();
    expect(within(photos()).queryByRole('button', { name: 'Move photo 1 forward' })).not.toBeInTheDocument();

    within(photos()).getByRole('button', { name: 'Move photo 1 back' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(shownOrder()).toEqual([2, 1, 3]));
    await waitFor(() =>
      expect(within(photos()).getByRole('button', { name: 'Move photo 2 back' })).toHaveFocus(),
    );
    expect(within(photos()).getByRole('status')).toHaveTextContent('The photo is now number 2 of 3.');
    await waitFor(() =>
      expect(savedOrder()).toEqual([
        [2, true],
        [1, false],
        [3, false],
      ]),
    );
    expect(within(photos()).getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
      'src',
      '/cdn/photos/2-thumb.jpg',
    );

    // At the end there is no way further back: the keyboard lands on the arrow that remains.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(shownOrder()).toEqual([2, 3, 1]));
    await waitFor(() =>
      expect(within(photos()).getByRole('button', { name: 'Move photo 3 forward' })).toHaveFocus(),
    );

    await userEvent.click(within(photos()).getByRole('button', { name: 'Move photo 2 forward' }));
    await waitFor(() => expect(shownOrder()).toEqual([3, 2, 1]));
    expect(within(photos()).getByRole('status')).toHaveTextContent(
      'The photo is now first: it is your main photo.',
    );
    await waitFor(() => expect(savedOrder().map(([id]) => id)).toEqual([3, 2, 1]));
    expect(state.photos[0]?.is_main).toBe(true);
  });

  it('moves a photo by dragging it onto another', async () => {
    await renderPhotos();
    const tiles = within(photos()).getAllByRole('listitem');
    const [first, , third] = tiles;
    if (!first || !third) throw new Error('three photos expected');
    const dataTransfer = { setData: () => undefined };
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragEnter(first, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    fireEvent.dragEnd(third, { dataTransfer });
    await waitFor(() => expect(shownOrder()).toEqual([3, 1, 2]));
    await waitFor(() => expect(savedOrder().map(([id]) => id)).toEqual([3, 1, 2]));
  });

  it('shows the saved order again, with the server’s text, when the change is refused', async () => {
    await renderPhotos();
    server.use(http.put('*/api/photos.php', () => apiError('photos_changed')));
    await userEvent.click(within(photos()).getByRole('button', { name: 'Move photo 3 forward' }));
    expect(await within(photos()).findByRole('alert')).toHaveTextContent(/changed in another window/);
    await waitFor(() => expect(shownOrder()).toEqual([1, 2, 3]));
  });
});

describe('upload progress', () => {
  it('reports how far the upload got in whole percent, and nothing while the total is unknown', () => {
    expect(uploadPercent({ loaded: 256, total: 1024 })).toBe(25);
    expect(uploadPercent({ loaded: 1000, total: 3000 })).toBe(33);
    expect(uploadPercent({ loaded: 1024, total: 1024 })).toBe(100);
    expect(uploadPercent({ loaded: 10, total: undefined })).toBeNull();
  });

  it('sends the file as the multipart field `photo`, without retries, and passes the progress on', async () => {
    const post = vi.fn((_url: string, _data?: unknown, config?: AxiosRequestConfig) => {
      for (const loaded of [0, 512, 1024])
        config?.onUploadProgress?.({
          loaded,
          total: 1024,
          bytes: 0,
          lengthComputable: true,
        });
      return Promise.resolve({ data: { photos: [], limit: 25 } } as never);
    });
    const api = { get: vi.fn(), put: vi.fn(), delete: vi.fn(), post } as unknown as ApiClient;
    const file = pngFile();
    const progress: number[] = [];
    const { mutationFn } = uploadPhotoMutation(api);
    await mutationFn?.({ file, onProgress: (percent) => progress.push(percent) }, {} as never);

    expect(progress).toEqual([0, 50, 100]);
    const [url, body, config] = post.mock.calls[0] ?? [];
    expect(url).toBe('photo.php');
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('photo')).toBe(file);
    expect(config?.['axios-retry']).toEqual({ retries: 0 });
  });
});

describe('photos under moderation', () => {
  it('tells the member which photo waits for review and which one was not approved', async () => {
    state.photos = [
      mockPhoto(1, { isMain: true }),
      { ...mockPhoto(2), image: { ...mockPhoto(2).image, status: 'pending' } },
      { ...mockPhoto(3), image: { ...mockPhoto(3).image, status: 'rejected' } },
    ];
    await renderPhotos();
    const tile = (number: number) =>
      within(photos())
        .getByRole('img', { name: `Photo ${number}` })
        .closest('li') as HTMLElement;
    expect(within(tile(2)).getByText('Waiting for review')).toBeInTheDocument();
    expect(
      within(tile(2)).getByText('Other members see this photo once our team has approved it.'),
    ).toBeInTheDocument();
    expect(within(tile(3)).getByText('Not approved')).toBeInTheDocument();
    expect(within(tile(3)).getByRole('button', { name: 'Delete photo 3' })).toBeInTheDocument();
    // Only a photo others can see may become the main one.
    expect(within(tile(2)).queryByRole('button', { name: /main photo/i })).not.toBeInTheDocument();
    expect(within(tile(3)).queryByRole('button', { name: /main photo/i })).not.toBeInTheDocument();
    const main = within(photos())
      .getByRole('img', { name: 'Photo 1, your main photo' })
      .closest('li') as HTMLElement;
    expect(within(main).queryByText('Waiting for review')).not.toBeInTheDocument();
  });
});
