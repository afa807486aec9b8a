import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import {
  checkDateOfBirth,
  checkEmail,
  checkPassword,
  checkUsername,
  MIN_AGE,
  PASSWORD_LENGTH,
  USERNAME_LENGTH,
  type FieldErrorCode,
} from '@/lib/shared/account-rules';
import { cleanTracking, type LanderTouch } from '@/lib/shared/attribution';
import { isServedCountry } from '@/lib/shared/constants';
import type { SignupInput } from '@/lib/shared/schemas/auth';
import { getDb } from '../db/client';
import { env } from '../env';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { locateTown } from '../geo/gazetteer';
import { recordFunnelEvent } from '../landers/funnel';
import { hitRateLimit } from '../security/rate-limit';
import { getSettings } from '../settings/get-settings';
import { findSiteForDomain, normalizeDomain } from '../settings/site-cache';
import { sendActivationMail } from './send-activation-mail';
import { hashPassword } from './passwords';
import { createSession } from './sessions';

const FIELD_VALUES: Partial<Record<FieldErrorCode, Record<string, number>>> = {
  date_of_birth_required: { min_age: MIN_AGE },
  username_length: { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max },
  password_too_short: { min: PASSWORD_LENGTH.min },
  password_too_long: { max: PASSWORD_LENGTH.max },
};

function fieldError(field: string, code: FieldErrorCode): AppError {
  return new AppError('field_invalid', { field, messageKey: code, values: FIELD_VALUES[code] });
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || /unique/i.test(String((error as Error).message)));

/**
 * Creates an account from the signup draft, logs it in and mails the activation link. The account
 * stays `not_confirmed` (profile disabled) until the link is followed; the site's signup credits
 * are booked when it is (see activateAccount). Adults only. The traffic source and the lander of
 * the visitor's first touch are kept on the account, and the signup is counted in the acquisition
 * funnel (`signup_completed`) with the account.
 */
export async function signUp(options: {
  input: SignupInput;
  host: string | null;
  origin: string;
  ip: string;
  /** The lander the visitor first came in by (the lander cookie), if any. */
  lander?: LanderTouch | null;
  now?: Date;
}): Promise<{
  userId: number;
  token: string;
}> {
  const { input } = options;
  const now = options.now ?? new Date();
  // Only values of the safe characters are kept (they end up in reports and partner links).
  const tracking = cleanTracking(input.tracking);
  const settings = await getSettings({ host: options.host, locale: input.language });
  const mode = settings.signups;
  if (mode !== 'all' && !(mode === 'with_trafficsource' && tracking?.network))
    throw new AppError('signups_closed');

  const email = input.email.trim();
  const checks: [string, FieldErrorCode | null][] = [
    ['name', checkUsername(input.name, email)],
    ['date_of_birth', checkDateOfBirth(input.date_of_birth, now)],
    ['email', checkEmail(email)],
    ['password', checkPassword(input.password, email)],
  ];
  for (const [field, code] of checks) if (code) throw fieldError(field, code);

  const limit = await hitRateLimit({
    key: `signup-ip:${options.ip}`,
    limit: env().RATE_LIMIT_SIGNUPS_PER_HOUR,
    windowSeconds: 3_600,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }

  const db = await getDb();
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (taken[0]) throw new AppError('email_taken', { field: 'email' });

  const site = await findSiteForDomain(normalizeDomain(options.host));
  const country =
    input.country && isServedCountry(input.country) ? input.country : settings.geoip_selected_country;
  // A prefilled region counts only inside the member's country; otherwise the profile starts without one.
  const [region] = input.region_id
    ? await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id, input.region_id), eq(regions.country, country)))
        .limit(1)
    : [];
  const passwordHash = await hashPassword(input.password);
  const place = locateTown({ city: input.city, country });
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          siteId: site.id,
          email,
          passwordHash,
          language: input.language,
          trackingNetwork: tracking?.network ?? null,
          trackingRef: tracking?.ref ?? null,
          trackingSub1: tracking?.sub1 ?? null,
          trackingSub2: tracking?.sub2 ?? null,
          trackingSub3: tracking?.sub3 ?? null,
          signupLander: options.lander?.lander ?? null,
          signupLanderSlug: options.lander?.slug ?? null,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user not created');
      await tx.insert(profiles).values({
        userId: created.id,
        name: input.name.trim(),
        gender: input.gender,
        dateOfBirth: input.date_of_birth,
        country,
        regionId: region?.id ?? null,
        city: input.city || null,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        signupMessage: input.signup_message || null,
      });
      await recordFunnelEvent({
        tx,
        kind: 'signup_completed',
        lander: options.lander?.lander,
        slug: options.lander?.slug,
        tracking,
        userId: created.id,
        at: now,
      });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', { field: 'email' });
    throw error;
  }

  await sendActivationMail({ userId, host: options.host, origin: options.origin, now });
  return { userId, token: await createSession({ userId, now }) };
}
