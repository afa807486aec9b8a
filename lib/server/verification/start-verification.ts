import 'server-only';
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  VERIFICATION_POSES,
  type VerificationPose,
  type VerificationStateView,
} from '@/lib/shared/schemas/verification';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { photoVerifications } from '../db/schema/verification';
import { AppError } from '../errors';
import { getVerificationState } from './get-verification-state';

/** A pose picked at random, another one than the member copied last time when there is one. */
export function pickPose(previous: VerificationPose | null): VerificationPose {
  const choices = VERIFICATION_POSES.filter((pose) => pose !== previous);
  return choices[randomInt(choices.length)] ?? VERIFICATION_POSES[0];
}

/**
 * A member asks to be photo verified (`POST /api/verification.php`): they are given a pose, picked
 * at random on the server so no earlier photo can fit it, to copy in a selfie. Asking again while a
 * pose is open answers the same pose. Refused: fictional profiles (never verified), members without
 * a photo others can see (the selfie is compared with it), members already verified or waiting for
 * a moderator.
 */
export async function startVerification(options: {
  userId: number;
  now?: Date;
}): Promise<VerificationStateView> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ fictional: profiles.fictional, verified: profiles.verified })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!member) throw new AppError('not_found', { log: `member ${userId} has no profile` });
    if (member.fictional) {
      throw new AppError('verification_unavailable', { log: `fictional member ${userId} asked to verify` });
    }
    if (member.verified) throw new AppError('verification_open', { log: `member ${userId} is verified` });
    const [open] = await tx
      .select({ status: photoVerifications.status })
      .from(photoVerifications)
      .where(
        and(eq(photoVerifications.userId, userId), inArray(photoVerifications.status, ['posing', 'waiting'])),
      );
    if (open?.status === 'posing') return;
    if (open) throw new AppError('verification_open', { log: `member ${userId} waits for a moderator` });
    const [main] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.userId, userId), eq(photos.isMain, true), eq(photos.status, 'active')));
    if (!main) throw new AppError('verification_needs_photo', { log: `member ${userId} has no shown photo` });
    const [previous] = await tx
      .select({ pose: photoVerifications.pose })
      .from(photoVerifications)
      .where(eq(photoVerifications.userId, userId))
      .orderBy(desc(photoVerifications.id))
      .limit(1);
    await tx.insert(photoVerifications).values({
      userId,
      pose: pickPose(previous?.pose ?? null),
      status: 'posing',
      createdAt: now,
    });
  });
  return getVerificationState({ userId });
}
