import 'server-only';
import fs from 'node:fs';
import { env } from '../env';
import type { DkimKey } from './smtp-mailer';

/**
 * The DKIM key of the environment (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), or null when mail
 * is not to be signed. The private key is a PEM text (with real or `\n` line breaks) or the path of
 * a PEM file.
 */
export function dkimKeyFromEnv(): DkimKey | null {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env();
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return null;
  const privateKey = DKIM_PRIVATE_KEY.includes('-----BEGIN')
    ? DKIM_PRIVATE_KEY.replace(/\\n/g, '\n')
    : fs.readFileSync(DKIM_PRIVATE_KEY, 'utf8');
  return { domainName: DKIM_DOMAIN.toLowerCase(), keySelector: DKIM_SELECTOR, privateKey };
}
