import 'server-only';

/** Socket failures that mean the server cannot be reached (or went away mid-query). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is shutting down or not accepting connections yet. Class 08
 * (connection exception) is matched as a whole.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Texts of node-postgres and PGlite whose errors carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

function matches(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** The error in the chain (itself, a `cause`, or one of an AggregateError's) that shows the outage. */
function findOutage(error: unknown): object | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (matches(current)) return current;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return null;
}

/**
 * Whether an error means the database cannot be reached right now (as opposed to a bug or bad
 * data), so the caller can answer 503 and try again later. Drizzle wraps driver errors in `cause`
 * and Node reports a refused multi-address connect as an AggregateError, so both are looked into.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findOutage(error) !== null;
}

/** The driver's own words for the outage, for the log: never the failed query or its parameters. */
export function databaseOutageReason(error: unknown): string {
  const outage = findOutage(error);
  if (!outage) return 'unknown';
  const { code, message } = outage as { code?: unknown; message?: unknown };
  return [typeof code === 'string' ? code : '', typeof message === 'string' ? message : '']
    .filter(Boolean)
    .join(' ');
}
