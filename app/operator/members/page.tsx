import { Suspense } from 'react';
import { MemberSearch } from '@/components/operator/support/member-search';
import { consolePageMetadata } from '@/lib/i18n/console-messages';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorSupport.searchTitle);

/** `/operator/members`: customer service finds a member. */
export default function OperatorMembersPage() {
  return (
    <Suspense>
      <MemberSearch />
    </Suspense>
  );
}
