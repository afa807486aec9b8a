import 'server-only';
import { z } from 'zod';
import { defineMailTemplate } from './mail-template';
import { MailNameSchema } from './mail-values';

/** Confirms that a report reached us, with the reference to quote in later contact. */
export const complaintReceivedTemplate = defineMailTemplate(
  z.object({ name: MailNameSchema, reference: z.string().trim().min(1).max(64) }),
  (t, { name, reference }, site) => ({
    subject: t('complaintReceived.subject', { site: site.name }),
    greeting: t('greeting', { name }),
    intro: [t('complaintReceived.intro'), t('complaintReceived.reference', { reference })],
    outro: [t('complaintReceived.followUp')],
  }),
);
