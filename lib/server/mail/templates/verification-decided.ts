import 'server-only';
import { z } from 'zod';
import { SELFIE_KEEP_DAYS, VERIFICATION_REJECTIONS } from '@/lib/shared/values/verification';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

/** What a moderator decided on a member's verification selfie or on a re-check of a new main photo. */
export const VERIFICATION_OUTCOMES = [
  'approved',
  'rejected',
  'recheck_approved',
  'recheck_rejected',
] as const;

/**
 * A moderator's decision on the member's photo verification: the badge is on (or back), or the selfie
 * (or the new main photo) was turned down with the reason, and what to do next; the button leads to
 * the verification on the profile page.
 */
export const verificationDecidedTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    outcome: z.enum(VERIFICATION_OUTCOMES),
    reason: z.enum(VERIFICATION_REJECTIONS).nullable(),
    link: MailLinkSchema,
  }),
  (t, { name, outcome, reason, link }, site) => {
    const isApproved = outcome === 'approved' || outcome === 'recheck_approved';
    return {
      subject: t(isApproved ? 'verification.approvedSubject' : 'verification.rejectedSubject', {
        site: site.name,
      }),
      greeting: t('greeting', { name }),
      intro: [
        t(
          `verification.${outcome === 'recheck_approved' ? 'recheckApproved' : outcome === 'recheck_rejected' ? 'recheckRejected' : outcome}`,
        ),
        ...(reason && !isApproved
          ? [t('verification.reason', { reason: t(`verification.reasons.${reason}`) })]
          : []),
      ],
      action: { label: t(isApproved ? 'verification.viewButton' : 'verification.retryButton'), link },
      outro: [
        isApproved
          ? t('verification.approvedOutro')
          : t('verification.rejectedOutro', { days: SELFIE_KEEP_DAYS }),
      ],
    };
  },
);
