// GET /api/dev/outbox.php: the newest mails and text messages in the outbox; development and browser tests only
import { z } from 'zod';
import { listOutbox } from '../../../mail/list-outbox';
import { mailConfig } from '../../../mail/mail-config';
import { listSmsOutbox } from '../../../sms/list-sms-outbox';
import { defineRoute } from '../../kit/define-route';

const MailSchema = z.object({ id: z.number().int(), to: z.string(), kind: z.string(), subject: z.string() });
const DevOutboxSchema = z.object({
  mails: z.array(
    MailSchema.extend({
      text: z.string(),
      html: z.string(),
      links: z.array(z.string()),
      /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on notifications). */
      headers: z.record(z.string(), z.string()),
      created_at: z.string(),
    }),
  ),
  /** Text messages (the direct-debit codes), newest first; `to` filters them too when it is a phone number. */
  sms: z.array(z.object({ id: z.number().int(), to: z.string(), text: z.string(), created_at: z.string() })),
});

export const listDevOutboxRoute = defineRoute('GET /api/dev/outbox.php', {
  access: 'visitor',
  summary: 'Newest mails and text messages first',
  // Mails hold sign-in links: a development tool, out of the API document, absent unless switched on.
  isHidden: true,
  isEnabled: () => mailConfig().isOutboxViewEnabled,
  query: z.object({
    to: z.string().trim().min(1).max(320).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  }),
  response: { status: 200, description: 'Newest mails first', schema: DevOutboxSchema },
  handler: async ({ query }) => {
    const mails = await listOutbox(query);
    const texts = await listSmsOutbox({
      to: query.to?.startsWith('+') ? query.to : undefined,
      limit: query.limit,
    });
    return {
      sms: texts.map(({ id, to, text, createdAt }) => ({
        id,
        to,
        text,
        created_at: createdAt.toISOString(),
      })),
      mails: mails.map(({ id, to, kind, subject, text, html, links, headers, createdAt }) => ({
        ...{ id, to, kind, subject, text, html, links, headers },
        created_at: createdAt.toISOString(),
      })),
    };
  },
});
