import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** preparing while the job builds the ZIP; ready once it is stored; failed when every try failed. */
export const dataExportStatus = pgEnum('data_export_status', ['preparing', 'ready', 'failed']);
export type DataExportStatus = (typeof dataExportStatus.enumValues)[number];

/**
 * A member's request for a copy of their data (GDPR art. 15 and 20): a ZIP built by a job and kept
 * in private storage until `expires_at`, when housekeeping deletes file and row. The download link
 * carries a one-time random token: only its SHA-256 is stored, with the hash of the session that
 * asked for the link, so the link works once and only in that session.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('preparing'),
    /** The language of the README and of the file names' descriptions. */
    locale: text('locale').notNull(),
    /** Where the ZIP is stored (a private storage name), once ready. */
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The SHA-256 of the download link's token, until the link is used. */
    linkTokenHash: text('link_token_hash'),
    /** The SHA-256 of the session token the link was made for. */
    linkSessionHash: text('link_session_hash'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_expires_idx').on(t.expiresAt),
    uniqueIndex('data_exports_link_key').on(t.linkTokenHash),
  ],
);
