import 'server-only';
import type { LanderTouch } from '@/lib/shared/attribution';
import type { Tracking } from '@/lib/shared/schemas/auth';
import type { CamPlacement } from '@/lib/shared/values/cams';
import { getDb } from '../db/client';
import { camClicks } from '../db/schema/analytics';
import { AppError } from '../errors';
import { findSiteForDomain, normalizeDomain } from '../settings/site-cache';
import { getCamSource } from './get-cam-source';
import { partnerLink } from './partner-link';

/**
 * A visitor follows a promoted cam's link: the click is counted (with the lander and network of
 * their first touch, for the conversion report) and the partner's address for the cam is answered,
 * with the visitor's traffic source in it unless `isTrackingRefused` (Global Privacy Control, Do Not
 * Track): then the partner gets nothing of it. Only cams of the source, only where the site of
 * `host` promotes cams; anything else is not_found (no open redirect).
 */
export async function followCamLink(options: {
  host: string | null;
  id: string;
  placement: CamPlacement;
  tracking: Tracking | null;
  lander: LanderTouch | null;
  isTrackingRefused: boolean;
  now?: Date;
}): Promise<{ url: string }> {
  const site = await findSiteForDomain(normalizeDomain(options.host));
  if (!site.memberResell) throw new AppError('not_found', { log: 'promoted cams are off on this site' });
  const cams = await getCamSource().list();
  const cam = cams.find((candidate) => candidate.id === options.id);
  if (!cam) throw new AppError('not_found', { log: `no promoted cam ${options.id}` });
  const db = await getDb();
  await db.insert(camClicks).values({
    camId: cam.id,
    placement: options.placement,
    lander: options.lander?.lander ?? null,
    network: options.tracking?.network ?? null,
    ...(options.now ? { createdAt: options.now } : {}),
  });
  return { url: partnerLink(cam, options.isTrackingRefused ? null : options.tracking) };
}
