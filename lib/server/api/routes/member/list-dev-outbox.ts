// GET /api/dev/outbox.php: the newest mails in the outbox; development and browser tests only
import { z } from 'zod';
import { listOutbox } from '../../../mail/list-outbox';
import { mailConfig } from '../../../mail/mail-config';
import { defineRoute } from '../../kit/define-route';

const MailSchema = z.object({ id: z.number().int(), to: z.string(), kind: z.string(), subject: z.string() });
const DevOutboxSchema = z.object({
  mails: z.array(
    MailSchema.extend({
      text: z.string(),
      html: z.string(),
      links: z.array(z.string()),
      created_at: z.string(),
    }),
  ),
});

export const listDevOutboxRoute = defineRoute('GET /api/dev/outbox.php', {
  access: 'visitor',
  summary: 'Newest mails first',
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
    return {
      mails: mails.map(({ id, to, kind, subject, text, html, links, createdAt }) => ({
        ...{ id, to, kind, subject, text, html, links },
        created_at: createdAt.toISOString(),
      })),
    };
  },
});
