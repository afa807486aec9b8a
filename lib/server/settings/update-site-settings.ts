import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { EditableSiteSettings, OperatorSite } from '@/lib/shared/schemas/operator-sites';
import { getDb } from '../db/client';
import { sites } from '../db/schema/reference';
import { AppError } from '../errors';
import { toOperatorSite } from './operator-site-view';
import { invalidateSiteCacheAfterCommit } from './site-cache';

type Changes = Partial<EditableSiteSettings>;

/** The columns each editable setting is stored in. */
function toColumns(changes: Changes): Partial<typeof sites.$inferInsert> {
  const columns: Partial<typeof sites.$inferInsert> = {
    signups: changes.signups,
    enableSiteEntryPopup: changes.enable_site_entry_popup,
    loggedOutSearch: changes.logged_out_search,
    loggedOutSearchTrafficsource: changes.logged_out_search_trafficsource,
    fictionalWarning: changes.fictional_warning,
    fictionalSingular: changes.fictional_singular,
    fictionalPlural: changes.fictional_plural,
    messageCredits: changes.message_credits,
    photoCredits: changes.photo_credits,
    giftCredits: changes.gift_credits,
    signupCredits: changes.signup_credits,
    minimumMessageCosts: changes.minimum_message_costs,
    refundDays: changes.refund_days,
    memberResell: changes.member_resell,
    photoPremoderation: changes.photo_premoderation,
    niche: changes.niche,
    supportEmail: changes.support_email,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Only the settings that changed, before and after, for the audit log. */
function difference(before: OperatorSite, after: OperatorSite, keys: readonly (keyof Changes)[]) {
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const pick = (site: OperatorSite) => Object.fromEntries(changed.map((key) => [key, site[key]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * An administrator changes a site's settings. Every served country needs a minimum message cost.
 * The change reaches every app instance at once: once it commits (never for a change that rolled
 * back) this instance drops its cached settings and tells every other one on the bus (a tiny
 * message, the site's id), and they drop theirs.
 */
export async function updateSiteSettings(options: {
  siteId: number;
  changes: Changes;
}): Promise<{ site: OperatorSite; before: Record<string, unknown>; after: Record<string, unknown> }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sites).where(eq(sites.id, options.siteId)).for('update');
    if (!current) throw new AppError('not_found', { log: `no site ${options.siteId}` });
    const costs = options.changes.minimum_message_costs;
    if (costs) {
      const missing = current.countries.filter((country) => !costs[country]);
      if (missing.length > 0) {
        throw new AppError('field_invalid', {
          field: 'minimum_message_costs',
          messageKey: 'site_message_costs_missing',
          values: { countries: missing.join(', ') },
        });
      }
    }
    const [updated] = await tx
      .update(sites)
      .set({ ...toColumns(options.changes), updatedAt: sql`now()` })
      .where(eq(sites.id, current.id))
      .returning();
    if (!updated) throw new Error(`site ${current.id} vanished`);
    invalidateSiteCacheAfterCommit(tx, current.id);
    return { before: current, after: updated };
  });
  const before = toOperatorSite(result.before);
  const site = toOperatorSite(result.after);
  const keys = Object.keys(options.changes) as (keyof Changes)[];
  return { site, ...difference(before, site, keys) };
}
