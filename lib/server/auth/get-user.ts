import 'server-only';
import { eq } from 'drizzle-orm';
import type { User } from '@/lib/shared/schemas/user';
import { getDb } from '../db/client';
import { profiles, users } from '../db/schema';
import { AppError } from '../errors';
import { getMainImage } from '../photos/get-main-image';

/** The logged-in member as `GET /api/user.php` describes them (spec §3 "User"). */
export async function getUserOrThrow(options: { userId: number }): Promise<User> {
  const db = await getDb();
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row || row.user.deletedAt) throw new AppError('authentication_required');
  return {
    status: row.user.status,
    credits: row.user.credits,
    paid_user: row.user.paidUser,
    fictional_icon: row.user.fictionalIcon,
    language: row.user.language,
    notifications_disabled: row.user.notificationsDisabled,
    profile: {
      status: row.profile.status,
      name: row.profile.name,
      country: row.profile.country,
      main_image: await getMainImage({ userId: options.userId }),
    },
  };
}
