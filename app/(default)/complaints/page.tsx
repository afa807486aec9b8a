import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SupportContact } from '@/components/account/support-contact';
import { ComplaintForm, type ReportedMember } from '@/components/complaints/complaint-form';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { searchParams: Promise<{ member?: string | string[]; conversation?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Complaints');
  return { title: t('title'), description: t('metaDescription') };
}

/** The member named by `?member=<id>`, with their name where the viewer may see it. */
async function reportedMember(raw: string | string[] | undefined): Promise<ReportedMember | null> {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  if (id > 2_147_483_647) return null;
  const viewer = await getPageViewer();
  return {
    id,
    name: await pageServices().getMemberPublicName({ memberId: id, viewerId: viewer?.userId ?? null }),
  };
}

/** `/complaints`: report a member, a conversation or a problem with the service; customer service's contacts. */
export default async function ComplaintsPage(props: Props) {
  const t = await getTranslations('Complaints');
  const query = await props.searchParams;
  const member = await reportedMember(query.member);
  // The chat's "Report" names its conversation; only an id is taken over.
  const rawConversation = Array.isArray(query.conversation) ? query.conversation[0] : query.conversation;
  const conversationRef =
    rawConversation && /^[1-9]\d{0,9}$/.test(rawConversation) ? rawConversation : undefined;
  return (
    <PageMessages page="complaints">
      <div className="mx-auto" style={{ maxWidth: '40rem' }}>
        <h1 className="mb-3">{t('title')}</h1>
        <p>{t('intro')}</p>
        <ComplaintForm member={member} conversationRef={conversationRef} />
        <section className="mt-5" aria-labelledby="complaints-support">
          <h2 id="complaints-support" className="h5">
            {t('supportTitle')}
          </h2>
          <p className="mb-2">{t('supportIntro')}</p>
          <SupportContact />
        </section>
      </div>
    </PageMessages>
  );
}
