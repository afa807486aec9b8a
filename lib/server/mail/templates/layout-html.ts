import 'server-only';
import { escapeHtml } from '../escape-html';
import type { MailDocument } from './mail-document';

const AMBER = '#ffb300';
const PINK = '#e4407b';
const TEXT = '#222222';
const MUTED = '#6b6b6b';
const FONT = 'Arial, Helvetica, sans-serif';

/** Escaped text with its line breaks kept. */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT};">${lines(text)}</p>`;

function button(label: string, link: string, fallback: string): string {
  const href = escapeHtml(link);
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">',
    `<tr><td align="center" bgcolor="${PINK}" style="border-radius:6px;background-color:${PINK};">`,
    `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
    `<p style="margin:0 0 24px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${lines(fallback)}<br>`,
    `<a href="${href}" target="_blank" rel="noopener" style="color:${PINK};word-break:break-all;">${href}</a></p>`,
  ].join('\n');
}

/**
 * The HTML body: one 600 px table with inline styles only, which is what mail clients (Outlook
 * included) render reliably. Every text is escaped: names and references come from members.
 */
export function layoutHtml(doc: MailDocument): string {
  const { content } = doc;
  const site = escapeHtml(doc.siteName);
  const preview = content.intro[0] ?? content.subject;
  const body = [
    paragraph(content.greeting),
    ...content.intro.map(paragraph),
    content.action ? button(content.action.label, content.action.link, doc.buttonFallback) : '',
    ...content.outro.map(paragraph),
    paragraph(doc.signature),
  ].join('\n');
  const footer = doc.footer.map((line) => `<p style="margin:0 0 6px 0;">${lines(line)}</p>`).join('\n');

  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f6f2ec;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f6f2ec" style="background-color:#f6f2ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td bgcolor="${AMBER}" style="background-color:${AMBER};border-radius:8px 8px 0 0;border-bottom:4px solid ${PINK};padding:20px 32px;font-family:${FONT};font-size:24px;font-weight:bold;line-height:30px;color:${TEXT};">${site}</td></tr>
<tr><td style="padding:32px 32px 16px 32px;">
${body}
</td></tr>
<tr><td style="padding:20px 32px 24px 32px;border-top:1px solid #eeeeee;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
