import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { User } from '@/lib/shared/schemas/user';
import type { EmailStopReason } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { creditBalances } from '../db/schema/credits';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';

/** The logged-in member as `GET /api/user.php` describes them (spec §3 "User"). */
export async function getUserOrThrow(options: { userId: number }): Promise<User> {
  const db = await getDb();
  // One round trip: the member, the profile's few fields, the balance and the main photo.
  const [row] = await db
    .select({
      user: {
        deletedAt: users.deletedAt,
        status: users.status,
        paidUser: users.paidUser,
        fictionalIcon: users.fictionalIcon,
        language: users.language,
        notificationsDisabled: users.notificationsDisabled,
        emailStoppedReason: users.emailStoppedReason,
        emailStoppedAt: users.emailStoppedAt,
        pushOfferDismissedAt: users.pushOfferDismissedAt,
      },
      profile: { status: profiles.status, name: profiles.name, country: profiles.country },
      credits: creditBalances.balance,
      photo: { filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status },
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    // The balance row moves with every ledger entry; no row yet means no credits.
    .leftJoin(creditBalances, eq(creditBalances.userId, users.id))
    .leftJoin(photos, and(eq(photos.userId, users.id), eq(photos.isMain, true), eq(photos.status, 'active')))
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row || row.user.deletedAt) throw new AppError('authentication_required');
  return {
    status: row.user.status,
    credits: row.credits ?? 0,
    paid_user: row.user.paidUser,
    fictional_icon: row.user.fictionalIcon,
    language: row.user.language,
    notifications_disabled: row.user.notificationsDisabled,
    email_notifications_stopped:
      row.user.emailStoppedReason && row.user.emailStoppedAt
        ? {
            reason: row.user.emailStoppedReason as EmailStopReason,
            at: row.user.emailStoppedAt.toISOString(),
          }
        : null,
    push_offer_dismissed_at: row.user.pushOfferDismissedAt?.toISOString() ?? null,
    profile: {
      status: row.profile.status,
      name: row.profile.name,
      country: row.profile.country,
      main_image: row.photo
        ? { filename: row.photo.filename, thumb_filename: row.photo.thumbFilename, status: row.photo.status }
        : null,
    },
  };
}
