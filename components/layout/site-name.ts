import 'server-only';
import { getPageContext } from '@/lib/server/pages/page-context';

export async function getSiteName(): Promise<string> {
  return (await getPageContext()).settings.name;
}
