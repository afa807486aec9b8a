import 'server-only';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { AppError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';
import { listOwnPhotos } from './list-own-photos';
import { savePhoto } from './save-photo';

/** Uploads one member may make per hour, whatever their limit. */
export const UPLOADS_PER_HOUR = 60;

/** A member's upload (`POST /api/photo.php`): rate limited, then saved; answers the new photo list. */
export async function uploadPhoto(options: { userId: number; data: Buffer; now?: Date }): Promise<OwnPhotos> {
  const { userId, now } = options;
  const limit = await hitRateLimit({
    key: `photo-upload:${userId}`,
    limit: UPLOADS_PER_HOUR,
    windowSeconds: 3_600,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      log: `member ${userId} uploads too often`,
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }
  await savePhoto({ userId, data: options.data, now, isModerated: true });
  return listOwnPhotos({ userId });
}
