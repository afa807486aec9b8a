import 'server-only';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  LANDER_COOKIE,
  parseLanderCookie,
  parseTrackingCookie,
  type LanderTouch,
} from '@/lib/shared/attribution';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import type { ApiEnv } from './context';

/**
 * The first touch a request's cookies carry (set by proxy.ts or the browser): the traffic source and
 * the lander, each checked; null for what is missing or wrong.
 */
export function requestAttribution(c: Context<ApiEnv>): {
  tracking: Tracking | null;
  lander: LanderTouch | null;
} {
  return {
    tracking: parseTrackingCookie(getCookie(c, TRACKING_COOKIE)),
    lander: parseLanderCookie(getCookie(c, LANDER_COOKIE)),
  };
}
