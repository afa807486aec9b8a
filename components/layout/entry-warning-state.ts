import 'server-only';
import { cookies } from 'next/headers';
import { ENTRY_WARNING_COOKIE } from '@/lib/shared/constants';

/** Whether this visitor already accepted the site-entry warning. */
export async function isEntryWarningAccepted(): Promise<boolean> {
  return (await cookies()).get(ENTRY_WARNING_COOKIE)?.value === '1';
}
