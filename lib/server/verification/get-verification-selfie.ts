import 'server-only';
import { eq } from 'drizzle-orm';
import type { FileResult } from '../api/kit/define-route';
import { getDb } from '../db/client';
import { photoVerifications } from '../db/schema/verification';
import { AppError } from '../errors';
import { getStorage } from '../storage/get-storage';
import { contentTypeOf } from '../storage/keys';

/**
 * A verification request's selfie, for moderators only (`GET /api/operator/verification-selfie.php`):
 * the file is stored under the private prefix, which the public photo addresses never serve, and
 * no member (its owner included) is ever given an address of it. A selfie deleted after its 30 days
 * is not found.
 */
export async function getVerificationSelfie(options: { verificationId: number }): Promise<FileResult> {
  const db = await getDb();
  const [request] = await db
    .select({ selfieKey: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.id, options.verificationId));
  const notFound = new AppError('not_found', { log: `no selfie of verification ${options.verificationId}` });
  if (!request?.selfieKey) throw notFound;
  const object = await getStorage().get(request.selfieKey);
  if (!object) throw notFound;
  return { body: object.body, contentType: contentTypeOf(request.selfieKey) };
}
