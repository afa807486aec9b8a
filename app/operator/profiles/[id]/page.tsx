import { notFound } from 'next/navigation';
import { FictionalProfileEditor } from '@/components/operator/fictional-profile-editor';
import { consolePageMetadata } from '@/lib/i18n/console-messages';
import { RowIdParamSchema } from '@/lib/shared/schemas/ids';

export const generateMetadata = () => consolePageMetadata((m) => m.OperatorProfiles.title);

export default async function OperatorProfilePage(props: { params: Promise<{ id: string }> }) {
  const id = RowIdParamSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  return <FictionalProfileEditor id={id.data} />;
}
