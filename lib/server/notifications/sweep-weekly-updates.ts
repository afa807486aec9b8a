import 'server-only';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { countryNameIn } from '@/lib/shared/country-names';
import { getDb, type Db } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { notificationDeliveries } from '../db/schema/notifications';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { soughtGender } from '../members/default-filters';
import { visibleProfile } from '../members/member-filters';
import { emailableSql } from './email-preferences';
import { loadMemberCards } from './member-cards';
import { loadRecipients, type Recipient } from './notification-recipient';
import { DORMANT_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

const WEEK_MS = 7 * 86_400_000;
/** Members shown in the mail, of the newest found. */
const SHOWN = 6;
/** Newest members read per area, enough to show SHOWN after leaving out the blocked. */
const CANDIDATES = 30;

/** Monday of the week of `now` (UTC), as YYYY-MM-DD: the key of that week's update. */
export function weekOf(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

interface Area {
  ids: number[];
  count: number;
  regionName: string | null;
}

/** Members who joined in the last week where the reader lives and of the gender they look for. */
async function newMembersIn(db: Db, where: SQL): Promise<{ ids: number[]; count: number }> {
  const rows = await db
    .select({ id: profiles.userId, total: sql<number>`count(*) over ()::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(
      photos,
      and(eq(photos.userId, profiles.userId), eq(photos.isMain, true), eq(photos.status, 'active')),
    )
    .where(where)
    .orderBy(desc(users.createdAt), desc(profiles.userId))
    .limit(CANDIDATES);
  return { ids: rows.map((r) => r.id), count: rows[0]?.total ?? 0 };
}

/**
 * The weekly update (kind weekly_updates): to each member who wants it, the members who joined this
 * week in their region (else their country), of the gender they look for, with a main photo every
 * member may see. No mail when nobody new is there. Once per member and week.
 */
export async function sweepWeeklyUpdates(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - WEEK_MS);
  const activeSince = new Date(now.getTime() - DORMANT_MS);
  const week = weekOf(now);
  const db = await getDb();
  const tally = sweepTally('weekly updates');
  const areas = new Map<string, Promise<Area>>();

  const areaFor = (recipient: Recipient): Promise<Area> => {
    const gender = soughtGender(recipient.gender, recipient.sexuality);
    const key = `${recipient.regionId ?? recipient.country}|${gender ?? '*'}`;
    let area = areas.get(key);
    if (!area) {
      area = (async () => {
        const base = and(
          visibleProfile,
          gt(users.createdAt, since),
          eq(users.status, 'confirmed'),
          sql`${users.deletedAt} is null`,
          gender ? eq(profiles.gender, gender) : undefined,
        ) as SQL;
        if (recipient.regionId !== null) {
          const inRegion = await newMembersIn(
            db,
            and(base, eq(profiles.regionId, recipient.regionId)) as SQL,
          );
          if (inRegion.count > 0) {
            const [region] = await db
              .select({ name: regions.name })
              .from(regions)
              .where(eq(regions.id, recipient.regionId));
            return { ...inRegion, regionName: region?.name ?? null };
          }
        }
        const inCountry = await newMembersIn(db, and(base, eq(profiles.country, recipient.country)) as SQL);
        return { ...inCountry, regionName: null };
      })();
      areas.set(key, area);
    }
    return area;
  };

  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          emailableSql('weekly_updates'),
          eq(profiles.status, 'active'),
          gt(profiles.lastActiveAt, activeSince),
          // Someone who joined in the last day has just seen who is there.
          lt(users.createdAt, new Date(now.getTime() - 86_400_000)),
          // Six days apart at least: a late run early in a new week does not mail twice in a row.
          sql`not exists (select 1 from ${notificationDeliveries} d where d.user_id = ${users.id}
            and d.channel = 'email' and d.kind = 'weekly_updates' and d.created_at > ${new Date(now.getTime() - 6 * 86_400_000)})`,
          gt(users.id, after),
        ),
      )
      .orderBy(users.id)
      .limit(SWEEP_BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    const recipients = await loadRecipients(
      db,
      rows.map((row) => row.id),
    );
    for (const recipient of recipients.values()) {
      const area = await areaFor(recipient);
      const ids = area.ids.filter((id) => id !== recipient.userId);
      if (ids.length === 0) continue;
      await tally.send(`weekly update to member ${recipient.userId}`, () =>
        sendNotificationMail({
          recipient,
          kind: 'weekly_updates',
          mail: 'notify_weekly_update',
          ref: `week:${week}`,
          now,
          values: async (site) => {
            const cards = await loadMemberCards(db, {
              viewerId: recipient.userId,
              memberIds: ids,
              site,
              now,
            });
            const members = ids.flatMap((id) => cards.get(id) ?? []).slice(0, SHOWN);
            if (members.length === 0) return null;
            const place =
              area.regionName ?? countryNameIn(recipient.locale, recipient.country) ?? recipient.country;
            const count = Math.max(
              members.length,
              area.count - (area.ids.includes(recipient.userId) ? 1 : 0),
            );
            return { members, count, place, link: `${site.origin}/members` };
          },
        }),
      );
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
