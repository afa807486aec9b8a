import 'server-only';
import { hitRateLimit, peekRateLimit, type RateLimitResult } from '../security/rate-limit';

/**
 * Refused operator-API calls an address may make, by callers without a complete console session,
 * before its calls wait: a knock on the console now and then (a stale tab, a mistyped password)
 * passes, a flood or a password hunt from one address stops.
 */
export const REFUSED_CALLS_LIMIT = { limit: 30, windowSeconds: 10 * 60 } as const;

const keyOf = (ip: string) => `operator-refused:${ip}`;

/**
 * Whether an address without a complete console session may still call the operator API: not once
 * it has been refused REFUSED_CALLS_LIMIT times in the window (spendRefusedCall counts them).
 */
export function checkRefusedCalls(options: { ip: string; now?: Date }): Promise<RateLimitResult> {
  return peekRateLimit({ key: keyOf(options.ip), ...REFUSED_CALLS_LIMIT, now: options.now });
}

/** Counts one refused call of an address against REFUSED_CALLS_LIMIT. */
export async function spendRefusedCall(options: { ip: string; now?: Date }): Promise<void> {
  await hitRateLimit({ key: keyOf(options.ip), ...REFUSED_CALLS_LIMIT, now: options.now });
}
