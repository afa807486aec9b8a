import { notFound } from 'next/navigation';
import { MemberFileView } from '@/components/operator/support/member-file';
import { consolePageMetadata } from '@/lib/i18n/console-messages';
import { MAX_ROW_ID } from '@/lib/shared/schemas/ids';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorSupport.fileTitle);

/** `/operator/members/[id]`: a member's file with customer service's actions. */
export default async function OperatorMemberPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params;
  const memberId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (memberId < 1 || memberId > MAX_ROW_ID) notFound();
  return <MemberFileView memberId={memberId} />;
}
