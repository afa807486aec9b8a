import 'server-only';
import { escapeHtml } from '../escape-html';
import type { MailDocument } from './mail-document';
import type { MailCard, MailNotice } from './mail-template';

const AMBER = '#ffb300';
const PINK = '#e4407b';
const TEXT = '#222222';
const MUTED = '#6b6b6b';
const PAGE = '#f6f2ec';
const FONT = 'Arial, Helvetica, sans-serif';
/** Side of a member's photo in a card, in CSS pixels (the thumbnails are larger, for sharp screens). */
const PHOTO = 64;

/**
 * Dark mode: clients that honour `prefers-color-scheme` (Apple Mail, Outlook for Mac and iOS) get
 * dark surfaces with light text through these classes; Outlook.com marks its dark mode with
 * `data-ogsc`/`data-ogsb`. Clients that invert colours themselves (Gmail apps) find explicit
 * background colours on every cell, so text never ends up on a colour it was not chosen for.
 */
const DARK_STYLES = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .ll-page { background-color: #17171a !important; }
  .ll-sheet { background-color: #24242a !important; }
  .ll-text { color: #f1f1f1 !important; }
  .ll-muted { color: #bdbdbd !important; }
  .ll-link { color: #ff8ab3 !important; }
  .ll-rule { border-color: #3a3a42 !important; }
}
[data-ogsb] .ll-page { background-color: #17171a !important; }
[data-ogsb] .ll-sheet { background-color: #24242a !important; }
[data-ogsc] .ll-text { color: #f1f1f1 !important; }
[data-ogsc] .ll-muted { color: #bdbdbd !important; }
[data-ogsc] .ll-link { color: #ff8ab3 !important; }
@media only screen and (max-width: 620px) {
  .ll-pad { padding-left: 20px !important; padding-right: 20px !important; }
}`;

/** Escaped text with its line breaks kept. */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const paragraph = (text: string) =>
  `<p class="ll-text" style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT};">${lines(text)}</p>`;

function button(label: string, link: string, fallback: string): string {
  const href = escapeHtml(link);
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">',
    `<tr><td align="center" bgcolor="${PINK}" style="border-radius:6px;background-color:${PINK};">`,
    `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
    `<p class="ll-muted" style="margin:0 0 24px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${lines(fallback)}<br>`,
    `<a class="ll-link" href="${href}" target="_blank" rel="noopener" style="color:${PINK};word-break:break-all;">${href}</a></p>`,
  ].join('\n');
}

/** A member's photo (or, without one, the initial of their name on the brand colour) linking to them. */
function cardImage(card: MailCard): string {
  const href = escapeHtml(card.link);
  if (card.image) {
    return `<a href="${href}" target="_blank" rel="noopener"><img src="${escapeHtml(card.image.src)}" alt="${escapeHtml(card.image.alt)}" width="${PHOTO}" height="${PHOTO}" style="display:block;width:${PHOTO}px;height:${PHOTO}px;border:0;border-radius:8px;object-fit:cover;background-color:#eeeeee;font-family:${FONT};font-size:11px;color:${MUTED};"></a>`;
  }
  const initial = escapeHtml(Array.from(card.title.trim())[0]?.toUpperCase() ?? '?');
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td width="${PHOTO}" height="${PHOTO}" align="center" valign="middle" bgcolor="${PINK}" style="width:${PHOTO}px;height:${PHOTO}px;border-radius:8px;background-color:${PINK};font-family:${FONT};font-size:28px;font-weight:bold;color:#ffffff;" aria-hidden="true">${initial}</td></tr></table>`;
}

/** Members in rows: photo on the left, name and a line about them on the right, all linked. */
function cards(list: readonly MailCard[]): string {
  if (list.length === 0) return '';
  const rows = list.map(
    (card) =>
      `<tr><td width="${PHOTO + 16}" valign="top" style="width:${PHOTO + 16}px;padding:0 16px 12px 0;">${cardImage(card)}</td>` +
      `<td valign="middle" style="padding:0 0 12px 0;font-family:${FONT};font-size:16px;line-height:22px;">` +
      `<a class="ll-text" href="${escapeHtml(card.link)}" target="_blank" rel="noopener" style="color:${TEXT};font-weight:bold;text-decoration:none;">${escapeHtml(card.title)}</a><br>` +
      `<span class="ll-muted" style="color:${MUTED};font-size:14px;">${escapeHtml(card.detail)}</span></td></tr>`,
  );
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;">',
    ...rows,
    '</table>',
  ].join('\n');
}

/** Why this mail came, with the links to the settings and to stop this kind. */
function notice(value: MailNotice): string {
  const link = (target: { label: string; link: string }) =>
    `<a class="ll-link" href="${escapeHtml(target.link)}" target="_blank" rel="noopener" style="color:${PINK};text-decoration:underline;">${escapeHtml(target.label)}</a>`;
  return `<p class="ll-muted" style="margin:0 0 12px 0;">${lines(value.reason)}<br>${link(value.manage)} &middot; ${link(value.unsubscribe)}</p>`;
}

/**
 * The HTML body: one 600 px table with inline styles, which is what mail clients (Outlook
 * included) render reliably; classes only add dark-mode colours where a client supports them.
 * Every text is escaped: names, messages and references come from members.
 */
export function layoutHtml(doc: MailDocument): string {
  const { content } = doc;
  const site = escapeHtml(doc.siteName);
  const preview = content.intro[0] ?? content.subject;
  const body = [
    paragraph(content.greeting),
    ...content.intro.map(paragraph),
    cards(content.cards ?? []),
    content.action ? button(content.action.label, content.action.link, doc.buttonFallback) : '',
    ...content.outro.map(paragraph),
    paragraph(doc.signature),
  ]
    .filter(Boolean)
    .join('\n');
  const footer = [
    content.notice ? notice(content.notice) : '',
    ...doc.footer.map((line) => `<p style="margin:0 0 6px 0;">${lines(line)}</p>`),
  ]
    .filter(Boolean)
    .join('\n');

  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(content.subject)}</title>
<style>${DARK_STYLES}
</style>
</head>
<body class="ll-page" style="margin:0;padding:0;background-color:${PAGE};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE};opacity:0;">${escapeHtml(preview)}</div>
<table class="ll-page" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table class="ll-sheet" role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td class="ll-pad" bgcolor="${AMBER}" style="background-color:${AMBER};border-radius:8px 8px 0 0;border-bottom:4px solid ${PINK};padding:20px 32px;font-family:${FONT};font-size:24px;font-weight:bold;line-height:30px;color:${TEXT};">${site}</td></tr>
<tr><td class="ll-pad" style="padding:32px 32px 16px 32px;">
${body}
</td></tr>
<tr><td class="ll-pad ll-muted ll-rule" style="padding:20px 32px 24px 32px;border-top:1px solid #eeeeee;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
