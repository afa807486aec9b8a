import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { zipSync, strToU8, type Zippable } from 'fflate';
import { createTranslator } from 'use-intl/core';
import { isLocale, type Locale } from '@/lib/shared/locales';
import { DATA_EXPORT_KEEP_HOURS } from '@/lib/shared/schemas/data-export';
import { getDb } from '../db/client';
import { dataExports } from '../db/schema/data-exports';
import { SERVER_MESSAGES } from '../i18n/messages';
import { getStorage } from '../storage/get-storage';
import { PRIVATE_KEY_PREFIX } from '../storage/keys';
import { collectMemberData, readMemberFiles } from './collect-member-data';

/** The files the README describes, in the order it lists them, with their message keys. */
const DESCRIBED = [
  ['account.json', 'account'],
  ['profile.json', 'profile'],
  ['photos.json', 'photos'],
  ['photos/', 'photoFiles'],
  ['messages.json', 'messages'],
  ['chat-photos/', 'chatPhotos'],
  ['likes.json', 'likes'],
  ['blocks.json', 'blocks'],
  ['payments.json', 'payments'],
  ['credits.json', 'credits'],
  ['consents.json', 'consents'],
  ['notifications.json', 'notifications'],
  ['passkeys.json', 'passkeys'],
  ['tracking.json', 'tracking'],
  ['verification.json', 'verification'],
  ['verification/', 'verificationSelfies'],
] as const;

/** A fresh private storage name for an export (128 random bits), never under the public CDN prefix. */
function newExportKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${PRIVATE_KEY_PREFIX}exports/${hex.slice(0, 2)}/${hex}.zip`;
}

/** README.txt in the member's language: what the archive is and what each file holds. */
export function dataExportReadme(options: { locale: Locale; siteName: string; madeAt: Date }): string {
  const { locale } = options;
  const t = createTranslator({ locale, messages: SERVER_MESSAGES[locale], namespace: 'DataExportReadme' });
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(options.madeAt);
  const lines = [
    t('title', { site: options.siteName }),
    '',
    t('intro', { site: options.siteName, date }),
    '',
    ...DESCRIBED.map(([file, key]) => `${file}\n    ${t(`files.${key}`)}`),
    '',
    t('others'),
    t('questions', { site: options.siteName }),
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The job that builds a requested copy of a member's data: collects it, writes the ZIP (JSON files,
 * the photo files and README.txt) to private storage, and marks the request ready for 24 hours.
 * A request already done, or gone (the account purged), is left alone.
 */
export async function buildDataExport(options: { exportId: number; now?: Date }): Promise<void> {
  const db = await getDb();
  const [request] = await db.select().from(dataExports).where(eq(dataExports.id, options.exportId));
  if (!request || request.status !== 'preparing') return;
  const data = await collectMemberData({ userId: request.userId, now: options.now });
  const locale: Locale = isLocale(request.locale) ? request.locale : 'en';
  const madeAt = options.now ?? new Date();

  const entries: Zippable = {
    'README.txt': strToU8(dataExportReadme({ locale, siteName: data.siteName, madeAt })),
  };
  for (const [name, value] of Object.entries(data.json)) {
    entries[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  }
  // Photos are compressed already: stored as they are.
  for (const [name, bytes] of Object.entries(await readMemberFiles(data.files))) {
    entries[name] = [bytes, { level: 0 }];
  }
  const archive = zipSync(entries, { mtime: madeAt });

  const key = newExportKey();
  await getStorage().put(key, Buffer.from(archive), 'application/zip');
  const readyAt = madeAt;
  const [updated] = await db
    .update(dataExports)
    .set({
      status: 'ready',
      storageKey: key,
      bytes: archive.length,
      readyAt,
      expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_KEEP_HOURS * 3_600_000),
    })
    .where(eq(dataExports.id, request.id))
    .returning({ id: dataExports.id });
  // The request went away while the archive was made (the account was purged): so does the file.
  if (!updated) await getStorage().delete(key);
}

/** Marks a request whose tries ran out as failed, so the member sees it and may ask again. */
export async function failDataExport(options: { exportId: number }): Promise<void> {
  const db = await getDb();
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, options.exportId));
}
