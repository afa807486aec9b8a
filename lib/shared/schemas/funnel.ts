import { z } from 'zod';
import { TrackingSchema } from './auth';

/**
 * `POST /api/funnel.php`: a step of the acquisition funnel the browser reports. Only the signup's
 * start comes from the browser (views, signups and purchases are recorded where they happen); the
 * traffic source is the one the signup would send, for a visitor who stores none.
 */
export const FunnelEventInputSchema = z
  .object({
    kind: z.literal('signup_started'),
    tracking: TrackingSchema.strict().optional(),
  })
  .strict();
export type FunnelEventInput = z.infer<typeof FunnelEventInputSchema>;

/** How the conversion report groups its rows. */
export const REPORT_GROUPINGS = ['lander', 'network', 'both'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

const day = z.iso.date();

/**
 * The conversion report's question (`GET /api/operator/conversion.php`, `npm run db:report`): the
 * days from `from` to `to`, both included, in UTC, and the grouping.
 */
export const ConversionReportQuerySchema = z
  .object({
    from: day,
    to: day,
    by: z.enum(REPORT_GROUPINGS).default('both'),
  })
  .strict()
  .refine((query) => query.from <= query.to, { message: '`from` must not be after `to`', path: ['to'] });
export type ConversionReportQuery = z.input<typeof ConversionReportQuerySchema>;

const rate = z.number().min(0).nullable();

/** One row of the conversion report: the funnel's counts for a lander, a network, or both. */
export const ConversionRowSchema = z.object({
  /** The lander of the first touch (`gallery`, `member-landing2`, …); null: none (direct to the app). */
  lander: z.string().nullable(),
  /** The traffic source's network; null: none. */
  network: z.string().nullable(),
  views: z.number().int(),
  signups_started: z.number().int(),
  signups_completed: z.number().int(),
  first_purchases: z.number().int(),
  /** Clicks on promoted partner cams. */
  cam_clicks: z.number().int(),
  /** Signups completed per view; null without views. */
  signup_rate: rate,
  /** First purchases per completed signup; null without signups. */
  purchase_rate: rate,
});
export type ConversionRow = z.infer<typeof ConversionRowSchema>;

export const ConversionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GROUPINGS),
  rows: z.array(ConversionRowSchema),
  totals: ConversionRowSchema,
});
export type ConversionReport = z.infer<typeof ConversionReportSchema>;
