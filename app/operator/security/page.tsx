import { SecurityView } from '@/components/operator/security-view';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorSecurity.title);

/** The operator's own second factors: the authenticator app and their passkeys. */
export default function OperatorSecurityPage() {
  return <SecurityView />;
}
