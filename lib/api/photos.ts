import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import type { OwnPhoto, OwnPhotos } from '@/lib/shared/schemas/photos';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { photoKeys } from './keys';

/** A photo to upload, and who wants to hear how far the upload got (0 to 100). */
export interface PhotoUploadInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** How far an upload got, in whole percent; null while the browser does not know the total. */
export function uploadPercent(event: Pick<AxiosProgressEvent, 'loaded' | 'total'>): number | null {
  if (!event.total) return null;
  return Math.min(100, Math.max(0, Math.round((event.loaded / event.total) * 100)));
}

/** Uploads of large photos on slow connections take longer than the client's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** `GET /api/photos.php`: the member's own photos and how many they may have. */
export const photosQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: photoKeys.photos,
    queryFn: async () => (await api.get<OwnPhotos>('photos.php')).data,
  });

/**
 * `POST /api/photo.php` (multipart, field `photo`): adds a photo. Never retried: a retry after a lost
 * answer could store the photo twice.
 */
export const uploadPhotoMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: photoKeys.upload,
    mutationFn: async ({ file, onProgress }: PhotoUploadInput) => {
      const body = new FormData();
      body.append('photo', file);
      const { data } = await api.post<OwnPhotos>('photo.php', body, {
        timeout: UPLOAD_TIMEOUT_MS,
        'axios-retry': { retries: 0 },
        onUploadProgress: (event) => {
          const percent = uploadPercent(event);
          if (percent !== null) onProgress?.(percent);
        },
      });
      return data;
    },
  });

/** `PUT /api/photo.php`: makes a photo the main one. */
export const makeMainPhotoMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: photoKeys.makeMain,
    mutationFn: async (id: number) => (await api.put<OwnPhotos>('photo.php', { id })).data,
  });

/** `PUT /api/photos.php`: the photos in a new order (sent by id); the first becomes the main photo. */
export const arrangePhotosMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: photoKeys.arrange,
    mutationFn: async (arranged: OwnPhoto[]) =>
      (await api.put<OwnPhotos>('photos.php', { order: arranged.map((photo) => photo.id) })).data,
  });

/** `DELETE /api/photo.php`: deletes a photo; when it was the main one, the server picks another. */
export const deletePhotoMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: photoKeys.remove,
    mutationFn: async (id: number) => (await api.delete<OwnPhotos>('photo.php', { data: { id } })).data,
  });

export const usePhotos = () => useQuery(photosQuery(useApi()));

/** Every photo change answers the whole list, which replaces the cached one. */
function usePhotoChange<T>(options: ReturnType<typeof mutationOptions<OwnPhotos, Error, T>>) {
  const updates = useCacheUpdates();
  return useMutation({ ...options, onSuccess: (photos) => updates.photosChanged(photos) });
}

export const useUploadPhoto = () => usePhotoChange(uploadPhotoMutation(useApi()));
export const useMakeMainPhoto = () => usePhotoChange(makeMainPhotoMutation(useApi()));
export const useDeletePhoto = () => usePhotoChange(deletePhotoMutation(useApi()));

/**
 * Puts the photos in a new order (`movePhoto` makes one). The list shows it at once while it is saved;
 * when saving fails it goes back to what the server has.
 */
export function useArrangePhotos() {
  const queryClient = useQueryClient();
  const updates = useCacheUpdates();
  return useMutation({
    ...arrangePhotosMutation(useApi()),
    onMutate: async (arranged: OwnPhoto[]) => {
      await queryClient.cancelQueries({ queryKey: photoKeys.photos });
      updates.photosShown(arranged);
    },
    // Moves in quick succession are saved one after the other, so the last one is what stays.
    scope: { id: 'photo-order' },
    onSuccess: (photos) => {
      // A later move still waiting shows its own order; only the last answer replaces the list.
      if (queryClient.isMutating({ mutationKey: photoKeys.arrange }) <= 1) updates.photosChanged(photos);
      else updates.userChanged();
    },
    onError: () => updates.photosStale(),
  });
}
