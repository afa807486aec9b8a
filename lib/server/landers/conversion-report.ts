import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import {
  ConversionReportQuerySchema,
  type ConversionReport,
  type ConversionReportQuery,
  type ConversionRow,
} from '@/lib/shared/schemas/funnel';
import { getDb } from '../db/client';
import { camClicks, funnelEvents } from '../db/schema/analytics';

type Counts = Omit<ConversionRow, 'lander' | 'network' | 'signup_rate' | 'purchase_rate'>;

const ZERO: Counts = {
  views: 0,
  signups_started: 0,
  signups_completed: 0,
  first_purchases: 0,
  cam_clicks: 0,
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function withRates(lander: string | null, network: string | null, counts: Counts): ConversionRow {
  return {
    lander,
    network,
    ...counts,
    signup_rate: rate(counts.signups_completed, counts.views),
    purchase_rate: rate(counts.first_purchases, counts.signups_completed),
  };
}

function add(into: Counts, counts: Partial<Counts>): void {
  for (const key of Object.keys(ZERO) as (keyof Counts)[]) into[key] += counts[key] ?? 0;
}

/** The start of the day after `day` (YYYY-MM-DD), in UTC. */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * The acquisition funnel per lander and network for the days `from` to `to` (both included, UTC):
 * lander views, signups started and completed, first purchases, clicks on promoted cams, and the
 * rates signups per view and first purchases per signup. Each event counts on its own day (a first
 * purchase in the range counts whenever its member signed up), attributed as it was recorded: views
 * to the lander viewed, the later steps to the lander and source of the member's first touch.
 * Rows come busiest first, with the totals of the whole range.
 */
export async function conversionReport(query: ConversionReportQuery): Promise<ConversionReport> {
  const { from, to, by } = ConversionReportQuerySchema.parse(query);
  const start = new Date(`${from}T00:00:00Z`);
  const end = dayAfter(to);
  const db = await getDb();
  const count = (kind: string) =>
    sql<number>`count(*) filter (where ${funnelEvents.kind} = ${kind})`.mapWith(Number);
  const [funnel, clicks] = await Promise.all([
    db
      .select({
        lander: funnelEvents.lander,
        network: funnelEvents.network,
        views: count('lander_view'),
        signups_started: count('signup_started'),
        signups_completed: count('signup_completed'),
        first_purchases: count('first_purchase'),
      })
      .from(funnelEvents)
      .where(and(gte(funnelEvents.createdAt, start), lt(funnelEvents.createdAt, end)))
      .groupBy(funnelEvents.lander, funnelEvents.network),
    db
      .select({
        lander: camClicks.lander,
        network: camClicks.network,
        cam_clicks: sql<number>`count(*)`.mapWith(Number),
      })
      .from(camClicks)
      .where(and(gte(camClicks.createdAt, start), lt(camClicks.createdAt, end)))
      .groupBy(camClicks.lander, camClicks.network),
  ]);

  const groups = new Map<string, { lander: string | null; network: string | null; counts: Counts }>();
  const totals: Counts = { ...ZERO };
  for (const row of [...funnel, ...clicks]) {
    const lander = by === 'network' ? null : row.lander;
    const network = by === 'lander' ? null : row.network;
    const key = JSON.stringify([lander, network]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { lander, network, counts: { ...ZERO } }));
    add(group.counts, row);
    add(totals, row);
  }
  const rows = [...groups.values()]
    .map((group) => withRates(group.lander, group.network, group.counts))
    .sort(
      (a, b) =>
        b.views - a.views ||
        b.signups_completed - a.signups_completed ||
        b.first_purchases - a.first_purchases ||
        (a.lander ?? '').localeCompare(b.lander ?? '') ||
        (a.network ?? '').localeCompare(b.network ?? ''),
    );
  return { from, to, by, rows, totals: withRates(null, null, totals) };
}
