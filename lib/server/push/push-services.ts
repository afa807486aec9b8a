import 'server-only';
import { env } from '../env';

/**
 * The browsers' push services (Chrome and Chromium browsers: Google; Firefox: Mozilla; Safari:
 * Apple; Edge: Microsoft). The server posts to the address a subscription names, so it posts only
 * to these, and to hosts the operator adds in PUSH_SERVICE_HOSTS — never to an address of the
 * caller's choosing inside the network.
 */
const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether a host is one of the hosts listed or a name under one of them. */
const isUnder = (host: string, listed: string) => host === listed || host.endsWith(`.${listed}`);

/** Whether the server may deliver to this subscription endpoint (https, a known push service). */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return [...BROWSER_PUSH_SERVICES, ...env().PUSH_SERVICE_HOSTS].some((listed) => isUnder(host, listed));
}
