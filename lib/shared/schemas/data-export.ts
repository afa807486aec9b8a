import { z } from 'zod';

/** A member may ask for a copy of their data once in this many hours. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
/** A ready copy can be downloaded for this many hours, then it is deleted. */
export const DATA_EXPORT_KEEP_HOURS = 24;

/**
 * `GET`/`POST /api/data-export.php`: the member's latest copy of their data. `none` (never asked,
 * or the last copy expired), `preparing`, `ready` (until `expires_at`) or `failed`.
 */
export const DataExportStateSchema = z.object({
  status: z.enum(['none', 'preparing', 'ready', 'failed']),
  requested_at: z.iso.datetime().nullable(),
  /** When a ready copy is deleted. */
  expires_at: z.iso.datetime().nullable(),
  /** The earliest moment the member may ask again; null when they may now. */
  next_request_at: z.iso.datetime().nullable(),
});
export type DataExportState = z.infer<typeof DataExportStateSchema>;

/** `POST /api/data-export-link.php`: a download address that works once, in this session. */
export const DataExportLinkSchema = z.object({
  url: z.string(),
  expires_at: z.iso.datetime(),
});
export type DataExportLink = z.infer<typeof DataExportLinkSchema>;

/** Query of `GET /api/data-export-download.php`. */
export const DataExportDownloadQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .meta({ description: 'The one-time token of the download link' }),
});
