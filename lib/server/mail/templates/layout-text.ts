import 'server-only';
import type { MailDocument } from './mail-document';

/**
 * The plain-text body: the site's name, the texts, the members it is about and the link, each on
 * lines of their own, then why the mail came (notifications) and the footer.
 */
export function layoutText(doc: MailDocument): string {
  const { content } = doc;
  const notice = content.notice;
  const blocks = [
    doc.siteName,
    content.greeting,
    ...content.intro,
    ...(content.cards ?? []).map((card) => `${card.title} · ${card.detail}\n${card.link}`),
    ...(doc.textAction ? [doc.textAction] : []),
    ...content.outro,
    doc.signature,
    // "-- " with its trailing space is the signature separator mail clients recognise.
    [
      '-- ',
      ...(notice
        ? [
            notice.reason,
            `${notice.manage.label}: ${notice.manage.link}`,
            `${notice.unsubscribe.label}: ${notice.unsubscribe.link}`,
            '',
          ]
        : []),
      ...doc.footer,
    ].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}
