import 'server-only';
import { getDb } from '../db/client';
import { sites } from '../db/schema/reference';
import { env, type Env } from '../env';
import { AppError } from '../errors';
import { cachedForSite, normalizeDomain } from '../settings/site-cache';

type SandboxConfig = Pick<Env, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'ALLOW_SANDBOX_PAYMENTS' | 'APP_URL'>;

/**
 * Whether a host name only ever means this machine: `localhost` (and `*.localhost`, RFC 6761), a
 * 127.x.x.x address or `::1`. Any other name or address may be reached by others.
 */
export function isLocalHost(host: string): boolean {
  let name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(name);
  // A port goes, but not the end of a bare IPv6 address (`::1`).
  if (bracketed) name = bracketed[1] ?? '';
  else if (name.split(':').length === 2) name = name.replace(/:\d+$/, '');
  name = name.replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1'
  );
}

/**
 * Why this configuration may not run on the sandbox, or null when it may. The sandbox lets a payer
 * choose the outcome of their own payment: fine on one's own machine, a gift of free credits on a
 * site others reach. So in production, a public `APP_URL` or site domain needs PAYMENT_PROVIDER set
 * to a real provider, or ALLOW_SANDBOX_PAYMENTS=1 for a test site (which then says so on every page).
 * Development, the tests and a production start on this machine alone run on the sandbox as ever.
 */
export function sandboxDeploymentProblem(options: {
  config: SandboxConfig;
  siteDomains: readonly string[];
}): string | null {
  const { config } = options;
  if (!mayBecomeProblem(config)) return null;
  const reached: string[] = [];
  if (config.APP_URL && !isLocalHost(new URL(config.APP_URL).host)) reached.push(`APP_URL ${config.APP_URL}`);
  const domains = options.siteDomains.filter((domain) => domain !== 'default' && !isLocalHost(domain));
  if (domains.length) {
    const named = domains.slice(0, 3).join(', ');
    reached.push(
      `site domain${domains.length > 1 ? 's' : ''} ${named}${domains.length > 3 ? ` and ${domains.length - 3} more` : ''}`,
    );
  }
  if (reached.length === 0) return null;
  return (
    `Payments go to the sandbox (PAYMENT_PROVIDER is unset or "sandbox"), where payers pick the outcome ` +
    `of their own test payments, but this production site is reached at ${reached.join(' and ')}. ` +
    'Set PAYMENT_PROVIDER=mollie (with MOLLIE_API_KEY) to take real payments, or ALLOW_SANDBOX_PAYMENTS=1 ' +
    'to run a test site on the sandbox (every page then says it is a test site).'
  );
}

async function loadSiteDomains(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ domain: sites.domain }).from(sites);
  return rows.map((row) => normalizeDomain(row.domain));
}

/** The start's check (server.ts, npm run db:site): the configuration and every configured site domain. */
export async function checkSandboxDeployment(config: SandboxConfig = env()): Promise<string | null> {
  if (!mayBecomeProblem(config)) return null;
  return sandboxDeploymentProblem({ config, siteDomains: await loadSiteDomains() });
}

/** Whether site domains could still make this configuration a problem (production on the sandbox, not allowed). */
function mayBecomeProblem(config: SandboxConfig): boolean {
  return (
    config.NODE_ENV === 'production' &&
    config.PAYMENT_PROVIDER === 'sandbox' &&
    !config.ALLOW_SANDBOX_PAYMENTS
  );
}

/**
 * Refuses a sandbox payment while the check fails. The start checked already; this catches a site
 * domain added while the server runs (npm run db:site), read from the site cache, which every
 * instance drops when the sites change.
 */
export async function assertSandboxAllowed(config: SandboxConfig = env()): Promise<void> {
  if (!mayBecomeProblem(config)) return;
  const siteDomains = await cachedForSite('sandbox:site-domains', loadSiteDomains);
  const problem = sandboxDeploymentProblem({ config, siteDomains });
  if (problem) {
    console.error(`[payments] sandbox payment refused: ${problem}`);
    throw new AppError('payment_unavailable', { log: problem });
  }
}
