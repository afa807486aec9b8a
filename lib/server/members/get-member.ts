import 'server-only';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import { FREE_VISIBLE_PHOTOS } from '@/lib/shared/schemas/photos';
import type { MemberDetail, MemberPhoto } from '@/lib/shared/schemas/members';
import type { ProfileField } from '@/lib/shared/schemas/settings';
import { getDb, type Db } from '../db/client';
import { likes } from '../db/schema/likes';
import { profileInterests, profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { blurredPreview } from '../photos/blurred-preview';
import { memberAccess } from './member-access';
import { dropViewerCaches } from './viewer-caches';
import { ageOn, isOnline } from './member-filters';
import { profileChoices } from './profile-choices';

/** Who is looking: a visitor (null), or a member and whether they are premium. */
export type MemberViewer = { userId: number; paidUser: boolean } | null;

/**
 * Which of a member's photos a viewer sees (spec §6): a visitor the main photo only, a free member
 * the first FREE_VISIBLE_PHOTOS, a premium member (or the member themself) all of them.
 */
export function photoVisibility(options: {
  viewer: MemberViewer;
  ownerId: number;
  photos: readonly { id: number; filename: string; thumbFilename: string; status: string }[];
}): MemberPhoto[] {
  const { viewer } = options;
  const seesAll = viewer !== null && (viewer.paidUser || viewer.userId === options.ownerId);
  const visible = viewer === null ? 1 : seesAll ? Infinity : FREE_VISIBLE_PHOTOS;
  return options.photos.map((photo, index) =>
    index < visible
      ? {
          locked: false,
          id: photo.id,
          image: { filename: photo.filename, thumb_filename: photo.thumbFilename, status: photo.status },
        }
      : { locked: true, id: photo.id, reason: viewer === null ? 'login' : 'premium', preview: null },
  );
}

/** Locked photos get their blurred preview, made from the thumbnail on the server. */
async function withPreviews(
  shown: MemberPhoto[],
  rows: readonly { id: number; thumbFilename: string }[],
): Promise<MemberPhoto[]> {
  const thumbs = new Map(rows.map((row) => [row.id, row.thumbFilename]));
  return Promise.all(
    shown.map(async (photo) => {
      if (!photo.locked) return photo;
      const thumb = thumbs.get(photo.id);
      return { ...photo, preview: thumb ? await blurredPreview(thumb) : null };
    }),
  );
}

/**
 * The likes between the viewer and a member, both ways. Opening a liker's profile is seeing their
 * like (spec §7): it is no longer new.
 */
export async function seeLikes(db: Db, viewerId: number, memberId: number) {
  const rows = await db
    .select({ likerId: likes.likerId, isNew: likes.isNew, matchedAt: likes.matchedAt })
    .from(likes)
    .where(
      or(
        and(eq(likes.likerId, viewerId), eq(likes.likedId, memberId)),
        and(eq(likes.likerId, memberId), eq(likes.likedId, viewerId)),
      ),
    );
  const received = rows.find((row) => row.likerId === memberId);
  if (received?.isNew) {
    await db
      .update(likes)
      .set({ isNew: false })
      .where(and(eq(likes.likerId, memberId), eq(likes.likedId, viewerId)));
    // The viewer's count of new likes changed.
    dropViewerCaches(viewerId);
  }
  return {
    likedByViewer: rows.some((row) => row.likerId === viewerId),
    likesViewer: received !== undefined,
    match: rows.some((row) => row.matchedAt !== null),
  };
}

/** Fields a site may hide; the rest of the detail (name, age, photos) is always shown. */
const HIDEABLE: Record<string, ProfileField> = {
  sexuality: 'sexuality',
  region: 'region',
  region_id: 'region',
  city: 'city',
  hair_color: 'hair_color',
  eye_color: 'eye_color',
  body_type: 'body_type',
  relationship_status: 'relationship_status',
  tattoos: 'tattoos',
};

/**
 * One member's page (`/members/{id}`). Unknown, inactive and invisible members are not found
 * (except by themselves); a member who blocked the viewer answers `blocked_by_member`. Fields the
 * site does not show (`visibleFields`) are left out.
 */
export async function getMemberOrThrow(options: {
  memberId: number;
  viewer: MemberViewer;
  visibleFields: readonly ProfileField[];
  now?: Date;
}): Promise<MemberDetail> {
  const now = options.now ?? new Date();
  const { viewer, memberId } = options;
  const db = await getDb();
  const [row] = await db
    .select({ profile: profiles, region: regions.name })
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(eq(profiles.userId, memberId))
    .limit(1);
  if (!row) throw new AppError('not_found', { log: `no member ${memberId}` });
  const access = await memberAccess(db, { memberId, viewerId: viewer?.userId ?? null, profile: row.profile });
  if (!access.shown) throw new AppError('not_found', { log: `member ${memberId} not visible` });
  if (access.blockedByMember) throw new AppError('blocked_by_member');
  // Opening a liker's profile is seeing their like (spec §7).
  const likeState = viewer && viewer.userId !== memberId ? await seeLikes(db, viewer.userId, memberId) : null;

  const [photoRows, interestRows] = await Promise.all([
    db
      .select({
        id: photos.id,
        filename: photos.filename,
        thumbFilename: photos.thumbFilename,
        status: photos.status,
      })
      .from(photos)
      .where(and(eq(photos.userId, memberId), eq(photos.status, 'active')))
      .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.id)),
    db
      .select({ id: profileInterests.interestId })
      .from(profileInterests)
      .where(eq(profileInterests.userId, memberId))
      .orderBy(asc(profileInterests.interestId)),
  ]);
  const main = photoRows[0];
  const p = row.profile;
  const detail: MemberDetail = {
    id: p.userId,
    name: p.name,
    age: ageOn(p.dateOfBirth, now),
    gender: p.gender === 'male' || p.gender === 'female' ? p.gender : null,
    country: p.country,
    region: row.region,
    region_id: p.regionId,
    city: p.city,
    fictional: p.fictional,
    verified: p.verified,
    online: isOnline(p.lastActiveAt, now),
    main_image: main
      ? { filename: main.filename, thumb_filename: main.thumbFilename, status: main.status }
      : null,
    ...profileChoices(p),
    interests: options.visibleFields.includes('interests') ? interestRows.map((i) => i.id) : [],
    photos: await withPreviews(photoVisibility({ viewer, ownerId: memberId, photos: photoRows }), photoRows),
    blocked_by_viewer: access.blockedByViewer,
    liked_by_viewer: likeState?.likedByViewer ?? false,
    likes_viewer: likeState?.likesViewer ?? false,
    match: likeState?.match ?? false,
  };
  for (const [key, field] of Object.entries(HIDEABLE)) {
    if (!options.visibleFields.includes(field)) (detail as Record<string, unknown>)[key] = null;
  }
  return detail;
}
