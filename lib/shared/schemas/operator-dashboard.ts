import { z } from 'zod';

/** A queue of the console: how much waits, and since when the oldest item has waited. */
export const QueueSummarySchema = z.object({
  waiting: z.number().int(),
  /** When the oldest waiting item arrived (ISO time), null when the queue is empty. */
  oldestSince: z.string().nullable(),
});
export type QueueSummary = z.infer<typeof QueueSummarySchema>;

/** The console's first page: today's figures (UTC day) and the queues. */
export const DashboardSchema = z.object({
  day: z.string(),
  signups: z.number().int(),
  activeMembers: z.number().int(),
  onlineMembers: z.number().int(),
  messages: z.number().int(),
  /** Paid payments of the day, per currency, in minor units. */
  revenue: z.array(
    z.object({ currency: z.string(), amountMinor: z.number().int(), payments: z.number().int() }),
  ),
  queues: z.object({
    fictionalChats: QueueSummarySchema,
    complaints: QueueSummarySchema,
    photos: QueueSummarySchema,
    /** Verification selfies and re-checks waiting for a moderator. */
    verifications: QueueSummarySchema,
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
