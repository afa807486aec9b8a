import { createHash, createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { doIUseEmail } from 'doiuse-email';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DevOutboxPage from '@/app/(empty)/dev/outbox/page';
import { createApiApp } from '@/lib/server/api/app';
import { env } from '@/lib/server/env';
import { extractLinks } from '@/lib/server/mail/extract-links';
import { listOutbox } from '@/lib/server/mail/list-outbox';
import { MailDeliveryError } from '@/lib/server/mail/mail-delivery-error';
import { renderMail } from '@/lib/server/mail/render-mail';
import { sendMail } from '@/lib/server/mail/send-mail';
import { MAIL_TEMPLATES, type MailKind, type MailValues } from '@/lib/server/mail/templates/mail-templates';
import { LOCALES } from '@/lib/shared/locales';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';

withTestDatabase();

const HOST = 'lovelane.test';
const address = (name: string) => `${name}-${randomUUID()}@example.test`;

beforeEach(() => {
  // sendMail logs every kept mail; the tests read those lines through this spy.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  stubEnv('SMTP_URL', '');
  stubEnv('MAIL_FROM', '');
  stubEnv('MAIL_OUTBOX_VIEW', '');
});

afterEach(() => {
  unstubEnv();
  vi.restoreAllMocks();
});

async function onlyMailTo(to: string) {
  const mails = await listOutbox({ to });
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  return mail;
}

describe('sendMail without an SMTP server', () => {
  it('keeps the mail in the outbox in the recipient’s language, with the company footer', async () => {
    const to = address('anna');
    const link = 'https://lovelane.test/activate?token=tok-123&next=%2Fsearch';
    const sent = await sendMail({
      to,
      kind: 'activation',
      locale: 'de',
      host: HOST,
      values: { name: 'Anna', link },
    });
    expect(sent.isDelivered).toBe(false);

    const mail = await onlyMailTo(to);
    expect(mail).toMatchObject({ id: sent.id, kind: 'activation', locale: 'de', sentAt: null, error: null });
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Lovelane');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain(`E-Mail-Adresse bestätigen:\n${link}`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(
        // The company's country in the reader's language.
        'Lovelane wird betrieben von Lovelane Media B.V., Herengracht 182, 1016 BR Amsterdam, Niederlande.',
      );
      expect(body).toContain('Handelsregister 81234567 · USt-IdNr. NL862345678B01');
      expect(body).toContain('support@lovelane.example');
      expect(body).toContain('+31208084421');
    }
    expect(mail.html).toContain('<html lang="de">');
    // The link is the button and is written out, escaped in both places.
    expect(mail.html.split(`href="${link.replace('&', '&amp;')}"`)).toHaveLength(3);
    expect(mail.links).toEqual([link]);
  });

  const logLinesTo = (to: string) =>
    vi
      .mocked(console.info)
      .mock.calls.map((call) => String(call[0]))
      .filter((text) => text.includes(to));

  it('prints one line with the mail’s links to the server log in development', async () => {
    stubEnv('NODE_ENV', 'development');
    const to = address('log');
    const link = 'https://lovelane.test/reset?token=log-1';
    await sendMail({ to, kind: 'password_reset', locale: 'en', host: HOST, values: { name: 'Lou', link } });
    const [line, ...more] = logLinesTo(to);
    expect(more).toEqual([]);
    expect(line).toMatch(/password_reset to .* \(en\): Reset your password for Lovelane/);
    expect(line?.split('\n')).toEqual([expect.stringContaining(to), `  ${link}`]);
  });

  it.each(['production', 'test'])('never writes a token or link to the log in %s', async (nodeEnv) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    stubEnv('NODE_ENV', nodeEnv);
    const to = address(`quiet-${nodeEnv}`);
    const token = `secret-token-${randomUUID()}`;
    const link = `https://lovelane.test/reset?token=${token}`;
    await sendMail({ to, kind: 'password_reset', locale: 'en', host: HOST, values: { name: 'Lou', link } });
    // The mail is kept, and the log says so: to whom and which template, nothing of its body.
    expect((await onlyMailTo(to)).links).toEqual([link]);
    expect(logLinesTo(to)).toEqual([
      expect.stringMatching(/#\d+ password_reset to .* \(en\) kept in the outbox$/),
    ]);
    const logged = [console.info, console.warn, console.log].flatMap((spy) =>
      vi.mocked(spy).mock.calls.map((call) => call.map(String).join(' ')),
    );
    expect(logged.filter((text) => text.includes(token) || text.includes('https://'))).toEqual([]);
  });

  it('escapes a hostile name in the HTML body', async () => {
    const to = address('mallory');
    const name = '<script>alert("x")</script>';
    await sendMail({
      to,
      kind: 'complaint_received',
      locale: 'fr',
      host: HOST,
      values: { name, reference: 'R-<b>1</b>' },
    });
    const mail = await onlyMailTo(to);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Bonjour &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(mail.html).toContain('R-&lt;b&gt;1&lt;/b&gt;');
    // Plain text is not HTML: the name stays as typed.
    expect(mail.text).toContain(`Bonjour ${name},`);
    expect(mail.subject).toBe('Nous avons bien reçu votre signalement – Lovelane');
  });

  it('refuses a link that is not a web link, and stores nothing', async () => {
    const to = address('js');
    await expect(
      sendMail({
        to,
        kind: 'mail_change',
        locale: 'en',
        host: HOST,
        values: { name: 'Jo', link: 'javascript:alert(1)' },
      }),
    ).rejects.toThrow();
    expect(await listOutbox({ to })).toEqual([]);
  });

  it('lists the newest mail first, for one recipient regardless of case', async () => {
    const to = address('Order');
    const other = address('other');
    const values = { name: 'Ole', link: 'https://lovelane.test/restore?token=1', days: 14 };
    await sendMail({ to, kind: 'account_deleted', locale: 'nb', host: HOST, values });
    await sendMail({ to: other, kind: 'account_deleted', locale: 'en', host: HOST, values });
    await sendMail({ to, kind: 'activation', locale: 'nb', host: HOST, values });
    const mails = await listOutbox({ to: to.toUpperCase() });
    expect(mails.map((mail) => mail.kind)).toEqual(['activation', 'account_deleted']);
    expect(mails[1]?.text).toContain('innen 14 dager');
  });
});

describe('templates', () => {
  const values = {
    activation: { name: 'Sam', link: 'https://lovelane.test/a?t=1' },
    password_reset: { name: 'Sam', link: 'https://lovelane.test/p?t=1' },
    mail_change: { name: 'Sam', link: 'https://lovelane.test/m?t=1' },
    mail_changed: { name: 'Sam', newEmail: 'sam.new@example.test' },
    account_deleted: { name: 'Sam', link: 'https://lovelane.test/r?t=1', days: 14 },
    complaint_received: { name: 'Sam', reference: 'C-2041' },
    moderation_warning: { name: 'Sam', violation: 'harassment', note: 'Please keep your messages friendly.' },
    verification_decided: {
      name: 'Sam',
      outcome: 'rejected',
      reason: 'pose_mismatch',
      link: 'https://lovelane.test/profile#verification',
    },
    passkey_changed: {
      name: 'Sam',
      change: 'added',
      passkey: 'Chrome on Android',
      link: 'https://lovelane.test/settings#passkeys',
    },
    payment_receipt: {
      name: 'Sam',
      link: 'https://lovelane.test/transactions',
      reference: 'LL-000042',
      date: '25 November 2026, 20:15',
      credits: 250,
      price: '€54.95',
      amount: '€41.21',
      discount: { code: 'WELCOME25', percentage: 25, amount: '€13.74' },
      method: 'creditcard',
      methodName: 'Credit card',
      seller: {
        name: 'Lovelane Media B.V.',
        address: 'Herengracht 182',
        city: '1016 BR Amsterdam',
        country: 'Netherlands',
        kvk: '81234567',
        vat: 'NL862345678B01, BE0123456789',
      },
    },
  } as MailValues;
  const links = {
    manage: 'https://lovelane.test/notifications',
    unsubscribe: 'https://lovelane.test/unsubscribe?token=u1.7.news.x',
  };
  const robin = {
    name: 'Robin',
    age: 31,
    place: 'Utrecht',
    link: 'https://lovelane.test/members/12',
    photo: 'https://lovelane.test/cdn/p/12_t.jpg',
  };
  const notifications: Pick<MailValues, Extract<MailKind, `notify_${string}`>> = {
    notify_new_conversation: {
      name: 'Sam',
      sender: robin,
      count: 3,
      preview: { kind: 'text', text: 'Hello there' },
      link: 'https://lovelane.test/chats/5',
      links,
    },
    notify_new_message: {
      name: 'Sam',
      sender: robin,
      count: 10,
      preview: { kind: 'gift' },
      link: 'https://lovelane.test/chats/5',
      links,
    },
    notify_like: {
      name: 'Sam',
      likers: [robin],
      count: 4,
      link: 'https://lovelane.test/likes/received',
      links,
    },
    notify_match: {
      name: 'Sam',
      match: robin,
      moreLikes: 2,
      link: 'https://lovelane.test/members/12/chat',
      links,
    },
    notify_unread_reminder: {
      name: 'Sam',
      count: 5,
      senders: [robin],
      conversations: 2,
      link: 'https://lovelane.test/chats',
      links,
    },
    notify_weekly_update: {
      name: 'Sam',
      members: [robin],
      count: 7,
      place: 'Utrecht',
      link: 'https://lovelane.test/members',
      links,
    },
    notify_news: {
      name: 'Sam',
      subject: 'Spring at Lovelane',
      paragraphs: ['New this spring: video chat.'],
      button: null,
      link: 'https://lovelane.test/members',
      links,
    },
    notify_promotion: {
      name: 'Sam',
      code: 'WELCOME25',
      percentage: 25,
      hours: 5,
      link: 'https://lovelane.test/credits',
      links,
    },
    notify_reminder: { name: 'Sam', messages: 2, likes: 3, link: 'https://lovelane.test/chats', links },
  };
  Object.assign(values, notifications);
  const kinds = Object.keys(MAIL_TEMPLATES) as MailKind[];
  /** Every link a mail must carry: its button's, its members' and, for notifications, the footer's. */
  const expectedLinks = (kind: MailKind): string[] => {
    const value = values[kind] as Record<string, unknown>;
    const members = ['sender', 'match', 'likers', 'senders', 'members']
      .flatMap((field) => (value[field] === undefined ? [] : [value[field]].flat()))
      .map((member) => (member as { link: string }).link);
    return [
      ...members,
      ...(typeof value.link === 'string' ? [value.link] : []),
      ...(kind.startsWith('notify_') ? [links.manage, links.unsubscribe] : []),
    ];
  };

  it('word every kind in every language, with no missing text and a distinct wording', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const kind of kinds) {
      const subjects = new Set<string>();
      for (const locale of LOCALES) {
        const mail = renderMail({
          kind,
          locale,
          values: values[kind],
          site: { name: 'Lovelane', supportEmail: 'help@lovelane.test' },
          company: {
            name: 'Lovelane Media B.V.',
            address: 'Herengracht 182',
            city: '1016 BR Amsterdam',
            country: 'Netherlands',
            kvk: '81234567',
            vat_numbers: ['NL862345678B01', 'BE0123456789'],
            support_phone: '+31 20-808 44 21',
          },
        });
        subjects.add(mail.subject);
        expect(mail.subject, `${kind} ${locale}`).toContain('Lovelane');
        for (const body of [mail.text, mail.html]) {
          expect(body, `${kind} ${locale}`).not.toMatch(/Mail\.[a-zA-Z]/);
          expect(body).toContain('Sam');
          expect(body).toContain('NL862345678B01, BE0123456789');
          expect(body).toContain('help@lovelane.test');
          expect(body).toContain('+31208084421');
        }
        expect(extractLinks(mail.text).sort()).toEqual([...new Set(expectedLinks(kind))].sort());
      }
      // News carries the subject its operator wrote; every other kind is worded per language.
      expect(subjects.size, kind).toBe(kind === 'notify_news' ? 1 : LOCALES.length);
    }
    expect(errors).not.toHaveBeenCalled();
  });

  /**
   * Against caniemail.com's data (doiuse-email) for Gmail, Outlook, Apple Mail, Yahoo, Samsung Email
   * and Thunderbird on every platform they list. What some of them do not support is allowed only
   * where the mail still reads and works without it; anything else fails here.
   */
  const DEGRADES_GRACEFULLY: Record<string, string> = {
    '<body> element': 'the page colour is also on the outer table',
    'display:none': 'only the hidden preview line, also zero-height, 1 px and in the page colour',
    overflow: 'only the hidden preview line',
    'role attribute': 'layout tables are announced as tables where it is ignored',
    'border-radius': 'square corners',
    'target attribute': 'webmail opens links in a new tab anyway',
    'word-break': 'a long fallback link may run wider on a narrow screen',
    '@media': 'only the dark-mode colours and the narrow-screen padding',
    'object-fit': 'the thumbnails are square already',
    'Attribute selector': 'only in the dark-mode and narrow-screen rules; the inline styles carry the design',
    'Class selector': 'only in the dark-mode and narrow-screen rules; the inline styles carry the design',
    'Descendant combinator':
      'only in the dark-mode and narrow-screen rules; the inline styles carry the design',
    opacity: 'only the hidden preview line',
  };

  it('use only HTML and CSS the common mail clients render, or that degrades gracefully', () => {
    const unexpected = new Set<string>();
    for (const kind of kinds) {
      const mail = renderMail({
        kind,
        locale: 'en',
        values: values[kind],
        site: { name: 'Lovelane', supportEmail: 'help@lovelane.test' },
        company: {
          name: 'Lovelane Media B.V.',
          address: 'Herengracht 182',
          city: '1016 BR Amsterdam',
          country: 'Netherlands',
          kvk: '81234567',
          vat_numbers: ['NL862345678B01'],
          support_phone: '+31 20-808 44 21',
        },
      });
      const result = doIUseEmail(mail.html, {
        emailClients: ['gmail.*', 'outlook.*', 'apple-mail.*', 'yahoo.*', 'samsung-email.*', 'thunderbird.*'],
      });
      for (const error of result.success ? [] : result.errors) {
        const feature = /^`([^`]+)`/.exec(error)?.[1] ?? error;
        if (!(feature in DEGRADES_GRACEFULLY)) unexpected.add(`${kind}: ${error}`);
      }
    }
    expect([...unexpected]).toEqual([]);
  });

  it('extract each web link once, without the punctuation after it', () => {
    const text =
      'Open https://a.test/x?y=1&z=2. Or (http://b.test/path), again https://a.test/x?y=1&z=2; not ftp://c.test';
    expect(extractLinks(text)).toEqual(['https://a.test/x?y=1&z=2', 'http://b.test/path']);
  });
});

describe('GET /api/dev/outbox.php', () => {
  const api = () => createApiApp();
  const get = (path: string) => api().request(path, { headers: { host: HOST } });

  it('does not exist while the outbox view is off', async () => {
    for (const path of ['/api/dev/outbox.php', '/api/dev/outbox.php?limit=nonsense']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it('lists the mails to one address when the view is on', async () => {
    stubEnv('MAIL_OUTBOX_VIEW', '1');
    const to = address('api');
    const link = 'https://lovelane.test/activate?token=api-1';
    const sent = await sendMail({
      to,
      kind: 'activation',
      locale: 'nl',
      host: HOST,
      values: { name: 'Bo', link },
    });
    await sendMail({
      to: address('else'),
      kind: 'activation',
      locale: 'nl',
      host: HOST,
      values: { name: 'Bo', link },
    });

    const res = await get(`/api/dev/outbox.php?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.mails).toHaveLength(1);
    expect(body.mails[0]).toMatchObject({
      id: sent.id,
      to,
      kind: 'activation',
      subject: 'Bevestig je e-mailadres voor Lovelane',
      links: [link],
    });
    expect(body.mails[0].text).toContain('Hoi Bo,');
    expect(body.mails[0].html).toContain('<!DOCTYPE html>');
    expect(new Date(body.mails[0].created_at).toISOString()).toBe(body.mails[0].created_at);

    const all = await (await get('/api/dev/outbox.php?limit=200')).json();
    expect(all.mails.length).toBeGreaterThanOrEqual(2);
  });
});

describe('/dev/outbox page', () => {
  const render = async (to?: string) =>
    renderToStaticMarkup(await DevOutboxPage({ searchParams: Promise.resolve(to ? { to } : {}) }));

  it('is not found while the outbox view is off', async () => {
    await expect(render()).rejects.toMatchObject({ digest: expect.stringContaining('404') });
  });

  it('shows the recipient’s mails with their links to click when the view is on', async () => {
    stubEnv('MAIL_OUTBOX_VIEW', 'on');
    const to = address('page');
    const link = 'https://lovelane.test/activate?token=page-1';
    await sendMail({ to, kind: 'activation', locale: 'sv', host: HOST, values: { name: '<i>Iv</i>', link } });
    const html = await render(to);
    expect(html).toContain('Bekräfta din e-postadress för Lovelane');
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('Hej &lt;i&gt;Iv&lt;/i&gt;,');
    expect(html.match(/data-testid="outbox-mail"/g)).toHaveLength(1);
  });
});

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server for nodemailer; refuses recipients whose address starts with "refused". */
async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let isReadingData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const addressIn = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';
    reply('220 smtp.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (isReadingData) {
          if (line === '.') {
            isReadingData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            current.data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 smtp.test');
        else if (verb === 'MAIL') {
          current = { from: addressIn(line), to: [], data: '' };
          reply('250 2.1.0 sender ok');
        } else if (verb === 'RCPT') {
          const recipient = addressIn(line);
          if (recipient.startsWith('refused')) reply('550 5.1.1 mailbox unavailable');
          else {
            current.to.push(recipient);
            reply('250 2.1.5 recipient ok');
          }
        } else if (verb === 'DATA') {
          isReadingData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 command not recognised');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const where = server.address();
  if (!where || typeof where === 'string') throw new Error('SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${where.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('sendMail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('refuses an SMTP_URL or MAIL_FROM that is not one, naming the variable', () => {
    stubEnv('SMTP_URL', 'http://mail.example.test');
    expect(() => env()).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    stubEnv('SMTP_URL', smtp.url);
    stubEnv('MAIL_FROM', 'nobody');
    expect(() => env()).toThrow(/MAIL_FROM: must be an address such as/);
  });

  it('delivers the mail and records it as sent', async () => {
    stubEnv('SMTP_URL', smtp.url);
    const to = address('smtp');
    const link = 'https://lovelane.test/reset?token=smtp-42';
    const sent = await sendMail({
      to,
      kind: 'password_reset',
      locale: 'en',
      host: HOST,
      values: { name: 'Kim', link },
    });
    expect(sent.isDelivered).toBe(true);

    const delivered = smtp.received.filter((mail) => mail.to.includes(to));
    expect(delivered).toHaveLength(1);
    const [message] = delivered;
    expect(message?.from).toBe('noreply@lovelane.test');
    expect(message?.data).toMatch(/^From: "?Lovelane"? <noreply@lovelane\.test>$/m);
    expect(message?.data).toMatch(/^Reply-To: support@lovelane\.example$/m);
    expect(message?.data).toMatch(/^Subject: Reset your password for Lovelane$/m);
    const content = decodeQuotedPrintable(message?.data ?? '');
    expect(content).toContain('Content-Type: text/plain');
    expect(content).toContain('Content-Type: text/html');
    expect(content).toContain(link);
    expect(content).toContain('The link is valid for 2 hours.');

    const mail = await onlyMailTo(to);
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.error).toBeNull();
  });

  it('sends from MAIL_FROM when it is set', async () => {
    stubEnv('SMTP_URL', smtp.url);
    stubEnv('MAIL_FROM', '"Lovelane QA" <qa@lovelane.test>');
    const to = address('from');
    await sendMail({
      to,
      kind: 'complaint_received',
      locale: 'en',
      host: HOST,
      values: { name: 'Kim', reference: 'C-7' },
    });
    const message = smtp.received.find((mail) => mail.to.includes(to));
    expect(message?.from).toBe('qa@lovelane.test');
    expect(message?.data).toMatch(/^From: "?Lovelane QA"? <qa@lovelane\.test>$/m);
  });

  it('records the refusal and throws a clear error when the server refuses the mail', async () => {
    stubEnv('SMTP_URL', smtp.url);
    const to = address('refused');
    const attempt = sendMail({
      to,
      kind: 'activation',
      locale: 'en',
      host: HOST,
      values: { name: 'Rae', link: 'https://lovelane.test/activate?token=r' },
    });
    await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(attempt).rejects.toThrow(new RegExp(`activation\\) to ${to} was not sent: .*550`));
    expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(false);
    const mail = await onlyMailTo(to);
    expect(mail.sentAt).toBeNull();
    expect(mail.error).toMatch(/550/);
  });

  it('signs with DKIM when a key is configured, covering the one-click unsubscribe headers', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-')), 'mail2026.pem');
    fs.writeFileSync(keyFile, pem);
    stubEnv('SMTP_URL', smtp.url);
    stubEnv('DKIM_DOMAIN', 'lovelane.test');
    stubEnv('DKIM_SELECTOR', 'mail2026');
    const headers = {
      'List-Unsubscribe': '<https://lovelane.test/api/webhooks/unsubscribe.php?token=u1.7.news.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    // The key as PEM text with "\n" for line breaks (one environment line), and as a file.
    for (const key of [pem.replace(/\n/g, '\\n'), keyFile]) {
      stubEnv('DKIM_PRIVATE_KEY', key);
      const to = address('dkim');
      await sendMail({
        to,
        kind: 'notify_news',
        locale: 'en',
        host: HOST,
        values: {
          name: 'Dee',
          subject: 'News from Lovelane',
          paragraphs: ['Something new.'],
          button: null,
          link: 'https://lovelane.test/members',
          links: {
            manage: 'https://lovelane.test/notifications',
            unsubscribe: 'https://lovelane.test/unsubscribe?t=1',
          },
        },
        headers,
      });
      const data = smtp.received.find((mail) => mail.to.includes(to))?.data ?? '';
      const unfolded = data.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(
        /^List-Unsubscribe: <https:\/\/lovelane\.test\/api\/webhooks\/unsubscribe\.php\?token=u1\.7\.news\.abc>\r$/m,
      );
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      const signature = verifyDkim(data, publicKey);
      expect(signature.tags).toMatchObject({ d: 'lovelane.test', s: 'mail2026', a: 'rsa-sha256' });
      expect(signature.signed).toEqual(
        expect.arrayContaining(['from', 'to', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
      );
      expect(signature.isValid).toBe(true);
      // Changing a signed header breaks the signature: a relay cannot drop one-click unsubscribe unnoticed.
      const tampered = data.replace('List-Unsubscribe=One-Click', 'List-Unsubscribe=Two-Clicks');
      expect(verifyDkim(tampered, publicKey).isValid).toBe(false);
    }
    expect((await listOutbox({ limit: 1 }))[0]?.headers).toEqual(headers);
  });

  it('refuses half a DKIM configuration, naming what is missing', () => {
    stubEnv('DKIM_DOMAIN', 'lovelane.test');
    expect(() => env()).toThrow(
      /DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together/,
    );
  });
});

/**
 * Checks a message's DKIM-Signature (relaxed/relaxed, rsa-sha256, RFC 6376 §3.4 and §3.7) with the
 * public key, independently of the library that signed it.
 */
function verifyDkim(message: string, publicKey: KeyObject) {
  const split = message.indexOf('\r\n\r\n');
  const head = message.slice(0, split + 2);
  const body = message.slice(split + 4);
  // Header fields, unfolded, in order.
  const fields = head
    .split(/\r\n(?![ \t])/)
    .filter(Boolean)
    .map((raw) => ({ name: raw.slice(0, raw.indexOf(':')).trim().toLowerCase(), raw }));
  const relaxed = (raw: string) => {
    const colon = raw.indexOf(':');
    const value = raw
      .slice(colon + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return `${raw.slice(0, colon).trim().toLowerCase()}:${value}`;
  };
  const dkim = fields.find((field) => field.name === 'dkim-signature');
  if (!dkim) return { tags: {}, signed: [], isValid: false };
  const tags = Object.fromEntries(
    relaxed(dkim.raw)
      .slice('dkim-signature:'.length)
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [
        tag.slice(0, tag.indexOf('=')).trim(),
        tag.slice(tag.indexOf('=') + 1).replace(/\s+/g, ''),
      ]),
  ) as Record<string, string>;
  const signed = (tags.h ?? '').toLowerCase().split(':');

  const bodyLines = body
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (bodyLines.length && bodyLines[bodyLines.length - 1] === '') bodyLines.pop();
  const canonicalBody = bodyLines.length ? `${bodyLines.join('\r\n')}\r\n` : '';
  const isBodyIntact = createHash('sha256').update(canonicalBody).digest('base64') === tags.bh;

  // Each signed name takes that header's last occurrence not used yet.
  const used = new Set<number>();
  const lines = signed.flatMap((name) => {
    for (let i = fields.length - 1; i >= 0; i -= 1) {
      if (fields[i]?.name === name && !used.has(i)) {
        used.add(i);
        return [relaxed(fields[i]?.raw ?? '')];
      }
    }
    return [];
  });
  const unsignedDkim = relaxed(dkim.raw).replace(/b=[^;]*$/, 'b=');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${lines.join('\r\n')}\r\n${unsignedDkim}`);
  const isValid = isBodyIntact && verifier.verify(publicKey, Buffer.from(tags.b ?? '', 'base64'));
  return { tags, signed, isValid };
}
