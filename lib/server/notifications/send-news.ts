import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { enqueueJob, enqueueSingletonJob } from '../jobs/enqueue-job';
import { emailableSql } from './email-preferences';
import { NewsSchema, newsIn, type News } from './news';
import { loadRecipients } from './notification-recipient';
import { sendNotificationMail } from './send-notification-mail';
import { sweepTally, type SweepResult } from './sweep-tally';

/** The job that mails one batch of a news mail and queues the next. */
export const NEWS_JOB = 'notify.email.news';
/** Members per news job. */
export const NEWS_BATCH = 200;

const NewsJobPayload = z.object({ news: NewsSchema, after: z.number().int().min(0) });

/**
 * Queues a news mail (kind news) to every member who wants news, in batches through the job queue:
 * the first batch runs on whichever instance takes it, each batch queues the next. A news id is
 * mailed once per member, so queueing it again only reaches members who did not get it yet.
 */
export async function queueNews(options: { news: News; runAt?: Date }): Promise<number> {
  const db = await getDb();
  return enqueueJob(db, NEWS_JOB, { news: options.news, after: 0 }, { runAt: options.runAt });
}

/** One batch of a news mail: the next NEWS_BATCH members after `after` by id. */
export async function sendNewsBatch(payload: unknown, options: { now?: Date } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const { news, after } = NewsJobPayload.parse(payload);
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(emailableSql('news'), gt(users.id, after)))
    .orderBy(users.id)
    .limit(NEWS_BATCH);
  const last = rows[rows.length - 1]?.id;
  // The next batch is queued first: a member whose mail fails does not hold up the rest.
  if (last !== undefined && rows.length === NEWS_BATCH) {
    await enqueueSingletonJob(db, NEWS_JOB, { news, after: last }, `${NEWS_JOB}:${news.id}:${last}`);
  }
  const tally = sweepTally(`news ${news.id}`);
  const recipients = await loadRecipients(
    db,
    rows.map((row) => row.id),
  );
  for (const recipient of recipients.values()) {
    const text = newsIn(news, recipient.locale);
    await tally.send(`news ${news.id} to member ${recipient.userId}`, () =>
      sendNotificationMail({
        recipient,
        kind: 'news',
        mail: 'notify_news',
        ref: `news:${news.id}`,
        now,
        values: (site) =>
          Promise.resolve({
            subject: text.subject,
            paragraphs: text.paragraphs,
            button: text.button,
            link: `${site.origin}${news.link}`,
          }),
      }),
    );
  }
  return tally.finish();
}
