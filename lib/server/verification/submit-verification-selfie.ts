import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SELFIES_PER_HOUR, type VerificationStateView } from '@/lib/shared/schemas/verification';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { photoVerifications } from '../db/schema/verification';
import { AppError } from '../errors';
import { queueModerationItem } from '../moderation/queue-moderation-item';
import { processPhoto } from '../photos/process-photo';
import { hitRateLimit } from '../security/rate-limit';
import { getStorage } from '../storage/get-storage';
import { PRIVATE_KEY_PREFIX } from '../storage/keys';
import { getVerificationState } from './get-verification-state';

/** A fresh private storage name for a selfie (128 random bits), never under the public CDN prefix. */
export function newSelfieKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${PRIVATE_KEY_PREFIX}verification/${hex.slice(0, 2)}/${hex}.jpg`;
}

const notStarted = (userId: number) =>
  new AppError('verification_not_started', { log: `member ${userId} sent a selfie without a pose` });

/**
 * The selfie copying the given pose (`POST /api/verification-selfie.php`). It is checked by its
 * content and re-encoded without EXIF, GPS or other metadata by the profile photos' pipeline, stored
 * under the private prefix (served only to moderators), and the request goes to the moderation
 * queue. Needs an open pose; a member may send SELFIES_PER_HOUR selfies an hour.
 */
export async function submitVerificationSelfie(options: {
  userId: number;
  data: Buffer;
  now?: Date;
}): Promise<VerificationStateView> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const limit = await hitRateLimit({
    key: `verification-selfie:${userId}`,
    limit: SELFIES_PER_HOUR,
    windowSeconds: 3_600,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      log: `member ${userId} sends selfies too often`,
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }
  const db = await getDb();
  const isPosing = async () =>
    (
      await db
        .select({ id: photoVerifications.id })
        .from(photoVerifications)
        .where(and(eq(photoVerifications.userId, userId), eq(photoVerifications.status, 'posing')))
    ).length > 0;
  // Cheap early answer before the image work; the check that counts is the locked one below.
  if (!(await isPosing())) throw notStarted(userId);

  const processed = await processPhoto({ data: options.data });
  const key = newSelfieKey();
  await getStorage().put(key, processed.main, 'image/jpeg');
  try {
    await db.transaction(async (tx) => {
      const [member] = await tx
        .select({ siteId: users.siteId, fictional: profiles.fictional })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId))
        .for('update', { of: profiles });
      if (!member) throw new AppError('not_found', { log: `member ${userId} went away` });
      if (member.fictional) {
        throw new AppError('verification_unavailable', { log: `fictional member ${userId} sent a selfie` });
      }
      const [request] = await tx
        .update(photoVerifications)
        .set({ status: 'waiting', selfieKey: key, submittedAt: now })
        .where(and(eq(photoVerifications.userId, userId), eq(photoVerifications.status, 'posing')))
        .returning({ id: photoVerifications.id });
      if (!request) throw notStarted(userId);
      await queueModerationItem(tx, {
        kind: 'verification',
        verificationId: request.id,
        memberId: userId,
        siteId: member.siteId,
        now,
      });
    });
  } catch (error) {
    await getStorage()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
  return getVerificationState({ userId });
}
