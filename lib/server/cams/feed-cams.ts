import 'server-only';
import { z } from 'zod';
import { CAM_ID_PATTERN } from '@/lib/shared/values/cams';
import type { CamSource, PartnerCam } from './cam-source';

/** How long a fetched feed is used before it is asked again. */
export const CAMS_FEED_TTL_MS = 5 * 60_000;
/** How long after a failed fetch the feed is asked again (meanwhile the last good list serves). */
const RETRY_AFTER_FAILURE_MS = 60_000;
const FEED_TIMEOUT_MS = 3_000;
const MAX_CAMS = 500;

const PLACEHOLDERS = /\{(id|network|ref|sub1|sub2|sub3)\}/g;

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A partner cam in the feed; items that do not fit are left out one by one. */
const FeedCamSchema = z.object({
  id: z.string().regex(CAM_ID_PATTERN),
  name: z.string().trim().min(1).max(40),
  age: z.number().int().min(18).max(99),
  country: z.string().regex(/^[A-Z]{2}$/),
  image: z.string().max(2_000).refine(isHttps, 'an https address'),
  link: z
    .string()
    .max(2_000)
    .refine((link) => isHttps(link.replace(PLACEHOLDERS, 'x')), 'an https address'),
});

/** The feed: `{ "cams": [ { id, name, age, country, image, link }, … ] }`. */
const FeedSchema = z.object({ cams: z.array(z.unknown()).max(MAX_CAMS) });

/** Reads a partner's cams from the JSON of a feed, leaving out what does not fit. */
export function parseCamFeed(body: unknown): PartnerCam[] {
  const feed = FeedSchema.parse(body);
  return feed.cams.flatMap((item) => {
    const cam = FeedCamSchema.safeParse(item);
    return cam.success ? [cam.data] : [];
  });
}

/**
 * A partner's feed of cams (CAMS_FEED_URL, JSON as above): fetched at most every few minutes and
 * kept; when the partner cannot be reached or answers nonsense, the last good list serves (nothing
 * before the first), so the promoted row never shows invented profiles or breaks a page.
 */
export class FeedCamSource implements CamSource {
  readonly name = 'feed';
  private cams: readonly PartnerCam[] = [];
  private freshUntil = 0;
  private pending: Promise<readonly PartnerCam[]> | null = null;

  constructor(
    private readonly url: string,
    private readonly fetchFeed: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<readonly PartnerCam[]> {
    if (this.now() < this.freshUntil) return Promise.resolve(this.cams);
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<readonly PartnerCam[]> {
    try {
      const res = await this.fetchFeed(this.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      this.cams = parseCamFeed(await res.json());
      this.freshUntil = this.now() + CAMS_FEED_TTL_MS;
    } catch (error) {
      console.error('[cams] the partner feed could not be read; the last list stays:', String(error));
      this.freshUntil = this.now() + RETRY_AFTER_FAILURE_MS;
    }
    return this.cams;
  }
}
