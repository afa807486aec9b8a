import 'server-only';
import { and, asc, eq, gt, lt, lte } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { discountCodes } from '../db/schema/payments';
import { getTimeBonus } from '../discounts/get-time-bonus';
import { resolveDiscount } from '../discounts/resolve-discount';
import { AppError } from '../errors';
import { loadRecipients } from './notification-recipient';
import { emailableSql } from './email-preferences';
import { AWAY_MS, SWEEP_BATCH } from './notification-timing';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

const HOUR_MS = 3_600_000;
/** The welcome discount is announced when this much of it is left, at most… */
const WELCOME_NOTICE_MS = 24 * HOUR_MS;
/** …and the time bonus in the last hours of its window. */
const TIME_BONUS_NOTICE_MS = 2 * HOUR_MS;
/** Less than this left is not worth a mail: it would arrive too late. */
const MINIMUM_LEFT_MS = HOUR_MS;

/** Whole hours left until `end`, at least one. */
const hoursLeft = (end: Date, now: Date) =>
  Math.max(1, Math.floor((end.getTime() - now.getTime()) / HOUR_MS));

/** An offer that no longer applies (used, paid, over) answers one of these; it is simply not mailed. */
const isOfferGone = (error: unknown) =>
  error instanceof AppError &&
  [
    'not_found',
    'discount_not_found',
    'discount_used',
    'discount_reserved',
    'discount_not_applicable',
  ].includes(error.code);

/** New members who have not paid, away, signed up between `from` and `to`, who want promotions. */
async function newcomers(options: { from: Date; to: Date; now: Date; after: number }) {
  const db = await getDb();
  return db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        emailableSql('promotions'),
        eq(users.paidUser, false),
        gt(users.createdAt, options.from),
        lte(users.createdAt, options.to),
        lt(profiles.lastActiveAt, new Date(options.now.getTime() - AWAY_MS)),
        gt(users.id, options.after),
      ),
    )
    .orderBy(users.id)
    .limit(SWEEP_BATCH);
}

/**
 * Promotions (kind promotions), only real offers of the member's own that are about to end: the
 * welcome discount in its last day, and the time bonus in its last hours (spec §4, §9), each mailed
 * once, to members who are away, have not paid and have not used the offer.
 */
export async function sweepPromotions(options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const tally = sweepTally('promotions');

  // The welcome discount: ends `welcome_hours` after signup.
  const [welcome] = await db
    .select({ code: discountCodes.code, hours: discountCodes.welcomeHours })
    .from(discountCodes)
    .where(and(eq(discountCodes.welcome, true), eq(discountCodes.status, 'active')))
    .orderBy(asc(discountCodes.id))
    .limit(1);
  if (welcome?.hours) {
    const window = welcome.hours * HOUR_MS;
    const from = new Date(now.getTime() - window + MINIMUM_LEFT_MS);
    const to = new Date(now.getTime() - window + WELCOME_NOTICE_MS);
    for (let after = 0; ;) {
      const rows = await newcomers({ from, to, now, after });
      after = rows[rows.length - 1]?.id ?? after;
      const recipients = await loadRecipients(
        db,
        rows.map((row) => row.id),
      );
      for (const recipient of recipients.values()) {
        await tally.send(`welcome discount to member ${recipient.userId}`, async () => {
          let offer;
          try {
            offer = await resolveDiscount({ userId: recipient.userId, code: welcome.code, now });
          } catch (error) {
            if (isOfferGone(error)) return false;
            throw error;
          }
          const end = offer.expiresAt;
          if (!end || end.getTime() - now.getTime() < MINIMUM_LEFT_MS) return false;
          return sendNotificationMail({
            recipient,
            kind: 'promotions',
            mail: 'notify_promotion',
            ref: `welcome:${offer.code.code.toUpperCase()}`,
            now,
            values: (site) =>
              Promise.resolve({
                code: offer.code.code,
                percentage: offer.code.valuePercentage,
                hours: hoursLeft(end, now),
                link: `${site.origin}/credits`,
              }),
          });
        });
      }
      if (rows.length < SWEEP_BATCH) break;
    }
  }

  // The time bonus: ends TIME_BONUS.windowSeconds after signup.
  const window = TIME_BONUS.windowSeconds * 1000;
  const from = new Date(now.getTime() - window + MINIMUM_LEFT_MS);
  const to = new Date(now.getTime() - window + TIME_BONUS_NOTICE_MS);
  for (let after = 0; ;) {
    const rows = await newcomers({ from, to, now, after });
    after = rows[rows.length - 1]?.id ?? after;
    const recipients = await loadRecipients(
      db,
      rows.map((row) => row.id),
    );
    for (const recipient of recipients.values()) {
      await tally.send(`time bonus to member ${recipient.userId}`, async () => {
        let bonus;
        try {
          bonus = await getTimeBonus({ userId: recipient.userId, now });
        } catch (error) {
          if (isOfferGone(error)) return false;
          throw error;
        }
        if (bonus.seconds_left * 1000 < MINIMUM_LEFT_MS) return false;
        const end = new Date(now.getTime() + bonus.seconds_left * 1000);
        return sendNotificationMail({
          recipient,
          kind: 'promotions',
          mail: 'notify_promotion',
          ref: `time-bonus:${bonus.code.toUpperCase()}`,
          now,
          values: (site) =>
            Promise.resolve({
              code: bonus.code,
              percentage: bonus.value_percentage,
              hours: hoursLeft(end, now),
              link: `${site.origin}/credits`,
            }),
        });
      });
    }
    if (rows.length < SWEEP_BATCH) break;
  }
  return tally.finish();
}
