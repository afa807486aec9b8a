import { http, HttpResponse } from 'msw';
import type { BlockedMembers } from '@/lib/shared/schemas/members';
import {
  FREE_PHOTO_LIMIT,
  MAX_UPLOAD_BYTES,
  movePhoto,
  PhotoActionSchema,
  PhotoOrderSchema,
  PREMIUM_PHOTO_LIMIT,
  UPLOAD_TYPES,
  type OwnPhoto,
  type OwnPhotos,
} from '@/lib/shared/schemas/photos';
import { ProfileUpdateSchema, type OwnProfile, type ProfileUpdate } from '@/lib/shared/schemas/profile';
import { BlockRequestSchema } from '@/lib/shared/schemas/members';
import type { Regions } from '@/lib/shared/schemas/reference';
import type { VerificationPose, VerificationStateView } from '@/lib/shared/schemas/verification';
import { regionsOf } from '@/lib/shared/regions';
import { apiError } from './api-error';
import { mockInterests, mockRegions } from './fixtures';

/** The mocked member's own profile (the paying `mockUser`, Quinn). */
export const mockOwnProfile: OwnProfile = {
  id: 1001,
  name: 'Quinn',
  gender: 'female',
  sexuality: null,
  date_of_birth: '1990-05-17',
  country: 'NL',
  region_id: null,
  city: null,
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  interests: [],
  invisible: false,
  status: 'active',
};

/** A photo as the mocked API stores it: files under `photos/` of the cdn prefix. */
export function mockPhoto(id: number, options: { isMain?: boolean; verified?: boolean } = {}): OwnPhoto {
  return {
    id,
    image: { filename: `photos/${id}.jpg`, thumb_filename: `photos/${id}-thumb.jpg`, status: 'active' },
    is_main: options.isMain ?? false,
    verified: options.verified ?? false,
    width: 1200,
    height: 1600,
    created_at: new Date(Date.UTC(2025, 0, id)).toISOString(),
  };
}

/** What the mocked profile, photo and block endpoints remember between calls; tests may change it. */
export interface MockProfileState {
  isLoggedIn: boolean;
  profile: OwnProfile;
  /** Every accepted `PUT /api/profile.php` body, oldest first. */
  updates: ProfileUpdate[];
  photos: OwnPhoto[];
  /** 3 for a free member, 25 for a premium one. */
  photoLimit: number;
  nextPhotoId: number;
  blocked: BlockedMembers['members'];
  /** Regions and interests the profile may name (regions.php and interests.php answer these elsewhere). */
  regions: Regions;
  interestIds: number[];
  /** The member's photo verification, and the pose the next request gets. */
  verification: VerificationStateView;
  nextPose: VerificationPose;
  /** Selfies received, as their sizes in bytes. */
  selfies: number[];
}

/** A verification state as the mocked API answers it (nothing asked yet, unless said). */
export const mockVerification = (change: Partial<VerificationStateView> = {}): VerificationStateView => ({
  state: 'none',
  pose: null,
  reason: null,
  since: null,
  can_request: true,
  has_photo: true,
  ...change,
});

export function createMockProfileState(options: { isPremium?: boolean } = {}): MockProfileState {
  return {
    isLoggedIn: true,
    profile: { ...mockOwnProfile },
    updates: [],
    photos: [mockPhoto(1, { isMain: true })],
    photoLimit: options.isPremium === false ? FREE_PHOTO_LIMIT : PREMIUM_PHOTO_LIMIT,
    nextPhotoId: 2,
    blocked: [{ id: 501, name: 'Morgan', blocked_at: '2025-03-02T10:00:00.000Z', main_image: null }],
    regions: mockRegions,
    interestIds: mockInterests.interests.map((interest) => interest.id),
    verification: mockVerification(),
    nextPose: 'peace_sign',
    selfies: [],
  };
}

const notLoggedIn = () => apiError('authentication_required');
const invalidBody = () =>
  apiError('validation_failed', { values: { detail: 'the request body does not match' } });
const fieldInvalid = (field: string) => apiError('field_invalid', { field });

/** A file part of a multipart body (jsdom and undici each have their own `File` class). */
const isFilePart = (value: unknown): value is Blob =>
  typeof value === 'object' && value !== null && 'size' in value && 'type' in value;

/**
 * The member's own profile, photos and blocked members in the mocked API: GET/PUT profile.php,
 * GET/PUT photos.php, POST/PUT/DELETE photo.php, GET blocks.php and DELETE block.php.
 */
export function createProfileHandlers(state: MockProfileState = createMockProfileState()) {
  const photos = (): OwnPhotos => ({ photos: state.photos, limit: state.photoLimit });
  return [
    http.get('*/api/profile.php', () =>
      state.isLoggedIn ? HttpResponse.json(state.profile) : notLoggedIn(),
    ),

    http.put('*/api/profile.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = ProfileUpdateSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const changes = input.data;
      const country = changes.country ?? state.profile.country;
      const regions = regionsOf(state.regions, country) ?? [];
      if (changes.region_id && !regions.some((region) => region.id === changes.region_id))
        return fieldInvalid('region_id');
      if (changes.interests?.some((id) => !state.interestIds.includes(id))) return fieldInvalid('interests');
      state.updates.push(changes);
      const isNewCountry = changes.country !== undefined && changes.country !== state.profile.country;
      state.profile = {
        ...state.profile,
        ...changes,
        city: changes.city === undefined ? state.profile.city : changes.city || null,
        region_id:
          changes.region_id !== undefined ? changes.region_id : isNewCountry ? null : state.profile.region_id,
      };
      return HttpResponse.json(state.profile);
    }),

    http.get('*/api/photos.php', () => (state.isLoggedIn ? HttpResponse.json(photos()) : notLoggedIn())),

    http.post('*/api/photo.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      if (state.photos.length >= state.photoLimit)
        return apiError('photo_limit_reached', { values: { limit: state.photoLimit } });
      const form = await request.formData().catch(() => null);
      const file = form?.get('photo');
      if (!isFilePart(file)) return invalidBody();
      if (file.size > MAX_UPLOAD_BYTES)
        return apiError('photo_too_large', { values: { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 } });
      // The real API checks the content; the mock goes by the declared type.
      if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return apiError('photo_invalid');
      const photo = mockPhoto(state.nextPhotoId, { isMain: state.photos.length === 0 });
      state.nextPhotoId += 1;
      state.photos = [...state.photos, photo];
      return HttpResponse.json(photos(), { status: 201 });
    }),

    http.put('*/api/photo.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = PhotoActionSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const index = state.photos.findIndex((photo) => photo.id === input.data.id);
      if (index < 0) return apiError('not_found');
      // As the server lists them: the main photo first.
      state.photos = movePhoto(state.photos, index, 0);
      return HttpResponse.json(photos());
    }),

    http.put('*/api/photos.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = PhotoOrderSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const order = input.data.order;
      const arranged = order.flatMap((id) => state.photos.filter((photo) => photo.id === id));
      if (new Set(order).size !== order.length || arranged.length !== state.photos.length)
        return apiError('photos_changed');
      state.photos = arranged.map((photo, i) => ({ ...photo, is_main: i === 0 }));
      return HttpResponse.json(photos());
    }),

    http.delete('*/api/photo.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = PhotoActionSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      const gone = state.photos.find((photo) => photo.id === input.data.id);
      if (!gone) return apiError('not_found');
      const rest = state.photos.filter((photo) => photo !== gone);
      state.photos = gone.is_main ? rest.map((photo, i) => ({ ...photo, is_main: i === 0 })) : rest;
      return HttpResponse.json(photos());
    }),

    // Photo verification: a pose, then the selfie; decisions are the test's (state.verification).
    http.get('*/api/verification.php', () =>
      state.isLoggedIn ? HttpResponse.json(state.verification) : notLoggedIn(),
    ),

    http.post('*/api/verification.php', () => {
      if (!state.isLoggedIn) return notLoggedIn();
      const current = state.verification;
      if (current.state === 'unavailable') return apiError('verification_unavailable');
      if (current.state === 'posing') return HttpResponse.json(current);
      if (!current.can_request) return apiError('verification_open');
      state.verification = mockVerification({ state: 'posing', pose: state.nextPose, can_request: false });
      return HttpResponse.json(state.verification);
    }),

    http.post('*/api/verification-selfie.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      if (state.verification.state !== 'posing') return apiError('verification_not_started');
      const form = await request.formData().catch(() => null);
      const file = form?.get('selfie');
      if (!isFilePart(file)) return invalidBody();
      state.selfies.push(file.size);
      state.verification = mockVerification({
        state: 'waiting',
        pose: state.verification.pose,
        since: new Date().toISOString(),
        can_request: false,
      });
      return HttpResponse.json(state.verification);
    }),

    http.get('*/api/blocks.php', () =>
      state.isLoggedIn
        ? HttpResponse.json({ members: state.blocked } satisfies BlockedMembers)
        : notLoggedIn(),
    ),

    http.delete('*/api/block.php', async ({ request }) => {
      if (!state.isLoggedIn) return notLoggedIn();
      const input = BlockRequestSchema.safeParse(await request.json().catch(() => null));
      if (!input.success) return invalidBody();
      state.blocked = state.blocked.filter((member) => member.id !== input.data.member);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
