import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Page-bounce log: a page was hidden (closed, switched away from) on a visit with `lb` set. */
export const pageBounces = pgTable(
  'page_bounces',
  {
    id: serial('id').primaryKey(),
    path: text('path'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_bounces_created_idx').on(t.createdAt)],
);

/**
 * The acquisition funnel, one row per step of a visitor or member: `lander_view` (a lander or member
 * landing rendered), `signup_started` (the first signup step answered), `signup_completed` (an
 * account created) and `first_purchase` (the member's first paid payment). Each row carries the lander
 * it is attributed to (the first one the visitor entered by, e.g. `gallery` or `member-landing2`),
 * the campaign variant (slug) and the traffic source of the first touch; the conversion report
 * (lib/server/landers/conversion-report.ts) counts them per lander and network.
 */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    lander: text('lander'),
    slug: text('slug'),
    network: text('network'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funnel_events_created_idx').on(t.createdAt),
    index('funnel_events_kind_user_idx').on(t.kind, t.userId),
    // A member's first purchase is recorded once, however often and wherever a payment is booked.
    uniqueIndex('funnel_events_first_purchase_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'first_purchase'`),
  ],
);

/**
 * Clicks on promoted partner cams (setting `member_resell`): which cam, where it was shown (`search`
 * or a lander), and the lander and network of the visitor's first touch, for the conversion report.
 * Nothing about the person: no member, no address, no sub ids.
 */
export const camClicks = pgTable(
  'cam_clicks',
  {
    id: serial('id').primaryKey(),
    camId: text('cam_id').notNull(),
    placement: text('placement').notNull(),
    lander: text('lander'),
    network: text('network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cam_clicks_created_idx').on(t.createdAt)],
);
