import 'server-only';
import type { MailDocument } from './mail-document';

/** The plain-text body: the site's name, the texts, the link on a line of its own, the footer. */
export function layoutText(doc: MailDocument): string {
  const { content } = doc;
  const blocks = [
    doc.siteName,
    content.greeting,
    ...content.intro,
    ...(doc.textAction ? [doc.textAction] : []),
    ...content.outro,
    doc.signature,
    // "-- " with its trailing space is the signature separator mail clients recognise.
    ['-- ', ...doc.footer].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}
