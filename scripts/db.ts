// Database tasks:
//   migrate                                   apply the checked-in migrations
//   seed [--members N] [--no-demo]            migrate, load the reference data and top the demo
//                                             members up to N (default 2,500; --no-demo: none)
//   site --domain D [--language L] [--name N] [--entry-warning on|off] [--signups MODE]
//        [--logged-out-search on|off] [--logged-out-search-trafficsource on|off]
//        [--member-resell on|off] [--photo-premoderation on|off] [--signup-credits N]
//                                             create or change the site served on domain D (in
//                                             production on the sandbox, a public domain needs
//                                             ALLOW_SANDBOX_PAYMENTS=1, as the server's start does)
//   operator --email E --name N --role admin|moderator|support|chat_operator [--reset-second-factor]
//                                             create an operator of the operator console, or give
//                                             one a new role and password (OPERATOR_PASSWORD, or
//                                             a generated one printed once); --reset-second-factor
//                                             makes them set up their authenticator app again
//   mail-event --email E --type bounce|complaint
//                                             record a bounce or spam complaint for an address: the
//                                             member's notification mail stops (as the webhook does)
//   news --file news.json [--at ISO-TIME]     queue a news mail to every member who wants news, in
//                                             batches through the job queue (see README, Notifications)
//   report --from YYYY-MM-DD --to YYYY-MM-DD [--by lander|network|both] [--format table|csv|json]
//                                             the conversion report: lander views, signups and first
//                                             purchases per lander and network, days in UTC
//   lander-video [--force]                    make the video lander's background video from the demo
//                                             portraits when it is not stored (--force: make it anew)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { closeMessageBus } from '@/lib/server/bus/get-message-bus';
import { closeDatabase, database } from '@/lib/server/db/client';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { DEFAULT_DEMO_MEMBERS, DEMO_LOGIN, seedDemoMembers } from '@/scripts/demo/seed-demo-members';
import { ensureLanderVideo } from '@/scripts/landers/lander-video';
import { seedReferenceData } from '@/lib/server/reference/seed-reference-data';
import { upsertSite, type SiteChanges } from '@/lib/server/settings/update-site';
import { env } from '@/lib/server/env';
import { sandboxDeploymentProblem } from '@/lib/server/payments/sandbox-deployment';
import { addOperator } from '@/lib/server/operators/add-operator';
import { resetSecondFactor } from '@/lib/server/operators/second-factor';
import { missingNewsLocales, NewsSchema } from '@/lib/server/notifications/news';
import { recordMailEvent } from '@/lib/server/notifications/record-mail-event';
import { conversionReport } from '@/lib/server/landers/conversion-report';
import { formatConversionReport, REPORT_FORMATS } from '@/lib/server/landers/format-conversion-report';
import { queueNews } from '@/lib/server/notifications/send-news';
import { LOCALES } from '@/lib/shared/locales';
import { REPORT_GROUPINGS } from '@/lib/shared/schemas/funnel';
import { OPERATOR_ROLE_NAMES } from '@/lib/shared/schemas/operators';
import { SIGNUP_MODES } from '@/lib/shared/schemas/settings';

const SeedArgs = z.object({
  members: z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_DEMO_MEMBERS),
  'no-demo': z.boolean().default(false),
});

const OperatorArgs = z.object({
  email: z.email(),
  name: z.string().min(1).max(80),
  role: z.enum(OPERATOR_ROLE_NAMES),
});

const MailEventArgs = z.object({
  email: z.email(),
  type: z.enum(['bounce', 'complaint']),
});

const NewsArgs = z.object({
  file: z.string().min(1),
  at: z.iso.datetime({ offset: true }).optional(),
});

const SiteArgs = z.object({
  domain: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name such as example.com'),
  language: z.enum(LOCALES).optional(),
  name: z.string().min(1).max(80).optional(),
  'entry-warning': z.enum(['on', 'off']).optional(),
  signups: z.enum(SIGNUP_MODES).optional(),
  'logged-out-search': z.enum(['on', 'off']).optional(),
  'logged-out-search-trafficsource': z.enum(['on', 'off']).optional(),
  /** Credits a member of this site gets on confirming the e-mail address. */
  'signup-credits': z.coerce.number().int().min(0).max(100_000).optional(),
  /** Promoted partner cams in the member search and on landers. */
  'member-resell': z.enum(['on', 'off']).optional(),
  'photo-premoderation': z.enum(['on', 'off']).optional(),
});

const ReportArgs = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  by: z.enum(REPORT_GROUPINGS).default('both'),
  format: z.enum(REPORT_FORMATS).default('table'),
});

async function report(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      by: { type: 'string' },
      format: { type: 'string' },
    },
  });
  const parsed = ReportArgs.parse(values);
  const result = await conversionReport({ from: parsed.from, to: parsed.to, by: parsed.by });
  console.log(formatConversionReport(result, parsed.format));
}

async function main(task: string | undefined, args: string[]): Promise<void> {
  const handle = await database();
  await handle.migrate();
  // A report's output may be piped into a file: what the command says besides goes to stderr.
  const note = task === 'report' ? console.error : console.log;
  note(`[db] migrations applied (${handle.kind})`);
  if (task === 'migrate') return;
  if (task === 'report') return report(args);
  await seedReferenceData(handle.db);
  console.log('[db] reference data loaded');
  if (task === 'seed') {
    const { values } = parseArgs({
      args,
      options: { members: { type: 'string' }, 'no-demo': { type: 'boolean' } },
    });
    const parsed = SeedArgs.parse(values);
    if (parsed['no-demo']) return;
    const started = Date.now();
    const { added, total } = await seedDemoMembers({
      db: handle.db,
      members: parsed.members,
      log: (line) => console.log(`[db] ${line}`),
    });
    console.log(
      added
        ? `[db] ${added} demo members added in ${((Date.now() - started) / 1000).toFixed(1)} s (${total} in all); demo login ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`
        : `[db] demo members present (${total})`,
    );
    // The video lander's background, drawn from the demo portraits; the lander does without it.
    await ensureLanderVideo({ db: handle.db, log: (line) => console.log(`[db] ${line}`) }).catch(
      (error: unknown) =>
        console.error('[db] lander video not made:', error instanceof Error ? error.message : error),
    );
    return;
  }
  if (task === 'lander-video') {
    const { values } = parseArgs({ args, options: { force: { type: 'boolean' } } });
    const result = await ensureLanderVideo({
      db: handle.db,
      force: values.force,
      log: (line) => console.log(`[db] ${line}`),
    });
    if (result === 'present') console.log('[db] lander video present (--force makes it anew)');
    return;
  }
  if (task === 'site') {
    const { values } = parseArgs({
      args,
      options: {
        domain: { type: 'string' },
        language: { type: 'string' },
        name: { type: 'string' },
        'entry-warning': { type: 'string' },
        signups: { type: 'string' },
        'logged-out-search': { type: 'string' },
        'logged-out-search-trafficsource': { type: 'string' },
        'signup-credits': { type: 'string' },
        'member-resell': { type: 'string' },
        'photo-premoderation': { type: 'string' },
      },
    });
    const parsed = SiteArgs.parse(values);
    // The server's start check, for the domain about to be served: a public domain on a production
    // sandbox that is not allowed would otherwise take test payments until the next start.
    const problem = sandboxDeploymentProblem({ config: env(), siteDomains: [parsed.domain.toLowerCase()] });
    if (problem) throw new Error(`${problem} The site was not saved.`);
    const changes: SiteChanges = {};
    if (parsed.language) changes.domainLanguage = parsed.language;
    if (parsed.name) changes.name = parsed.name;
    if (parsed['entry-warning']) changes.enableSiteEntryPopup = parsed['entry-warning'] === 'on';
    if (parsed.signups) changes.signups = parsed.signups;
    if (parsed['logged-out-search']) changes.loggedOutSearch = parsed['logged-out-search'] === 'on';
    if (parsed['logged-out-search-trafficsource'])
      changes.loggedOutSearchTrafficsource = parsed['logged-out-search-trafficsource'] === 'on';
    if (parsed['signup-credits'] !== undefined) changes.signupCredits = parsed['signup-credits'];
    if (parsed['member-resell']) changes.memberResell = parsed['member-resell'] === 'on';
    if (parsed['photo-premoderation']) changes.photoPremoderation = parsed['photo-premoderation'] === 'on';
    await upsertSite({ domain: parsed.domain.toLowerCase(), changes });
    console.log(`[db] site ${parsed.domain} saved`);
    return;
  }
  if (task === 'operator') {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        'reset-second-factor': { type: 'boolean' },
      },
    });
    const { 'reset-second-factor': isReset, ...rest } = values;
    const parsed = OperatorArgs.parse(rest);
    const { operatorId, password } = await addOperator({
      ...parsed,
      password: process.env.OPERATOR_PASSWORD || undefined,
    });
    if (isReset) await resetSecondFactor({ operatorId });
    console.log(
      `[db] operator ${parsed.email} (${parsed.role}) saved${isReset ? ', second factor reset' : ''}`,
    );
    if (!process.env.OPERATOR_PASSWORD) console.log(`[db] password, shown once: ${password}`);
    return;
  }
  if (task === 'mail-event') {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, type: { type: 'string' } } });
    const parsed = MailEventArgs.parse(values);
    const { userId } = await recordMailEvent({ ...parsed, source: 'operator' });
    console.log(
      userId
        ? `[db] ${parsed.type} recorded for ${parsed.email}: notification mail to member ${userId} stopped`
        : `[db] ${parsed.type} recorded for ${parsed.email} (no member has this address)`,
    );
    return;
  }
  if (task === 'news') {
    const { values } = parseArgs({ args, options: { file: { type: 'string' }, at: { type: 'string' } } });
    const parsed = NewsArgs.parse(values);
    const news = NewsSchema.parse(JSON.parse(fs.readFileSync(parsed.file, 'utf8')));
    const missing = missingNewsLocales(news);
    if (missing.length)
      console.log(`[db] no text of its own for ${missing.join(', ')}: those members get English`);
    const job = await queueNews({ news, runAt: parsed.at ? new Date(parsed.at) : undefined });
    console.log(`[db] news ${news.id} queued (job ${job}); a running server sends it in batches`);
    return;
  }
  throw new Error(
    `Unknown task "${task ?? ''}": use migrate, seed, site, operator, mail-event, news, report or lander-video`,
  );
}

/** Closes what a task opened, so the command ends (the bus and Redis may have been used). */
async function closeAll(): Promise<void> {
  await closeMessageBus().catch(() => undefined);
  await closeRedis().catch(() => undefined);
  await closeDatabase();
}

main(process.argv[2], process.argv.slice(3))
  .then(() => closeAll())
  .catch(async (error: unknown) => {
    console.error(
      '[db]',
      error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : error,
    );
    await closeAll().catch(() => undefined);
    process.exit(1);
  });
