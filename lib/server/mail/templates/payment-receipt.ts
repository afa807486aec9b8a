import 'server-only';
import { z } from 'zod';
import type { MailTranslator } from '../mail-translator';
import { defineMailTemplate } from './mail-template';
import { MailLinkSchema, MailNameSchema } from './mail-values';

const Text = z.string().trim().min(1).max(200);

/** Methods worded in the member's language; the others go by their brand name. */
const WORDED_METHODS = ['creditcard', 'banktransfer', 'directdebit'] as const;

function methodName(t: MailTranslator, method: string, brand: string): string {
  const worded = WORDED_METHODS.find((m) => m === method);
  return worded ? t(`paymentReceipt.methods.${worded}`) : brand;
}

/**
 * The receipt of a completed purchase: the bundle, what was charged (the discount shown), how and
 * when, and the company that sold it. Amounts and the date come formatted in the member's language.
 */
export const paymentReceiptTemplate = defineMailTemplate(
  z.object({
    name: MailNameSchema,
    /** The member's purchases page. */
    link: MailLinkSchema,
    reference: Text,
    date: Text,
    credits: z.number().int().positive(),
    /** The bundle's price before the discount. */
    price: Text,
    /** What was charged. */
    amount: Text,
    discount: z.object({ code: Text, percentage: z.number().int().min(1).max(99), amount: Text }).nullable(),
    /** Mollie's method id, and its brand name for methods that have one. */
    method: z.string().trim().min(1).max(40),
    methodName: Text,
    seller: z.object({
      name: Text,
      address: Text,
      city: Text,
      country: Text,
      kvk: Text,
      vat: z.string().trim().max(200),
    }),
  }),
  (t, v, site) => ({
    subject: t('paymentReceipt.subject', { site: site.name, reference: v.reference }),
    greeting: t('greeting', { name: v.name }),
    intro: [
      t('paymentReceipt.intro', { credits: v.credits, site: site.name }),
      t('paymentReceipt.reference', { reference: v.reference, date: v.date }),
      t('paymentReceipt.bundle', { credits: v.credits, price: v.price }),
      ...(v.discount ? [t('paymentReceipt.discount', v.discount)] : []),
      t('paymentReceipt.paid', { amount: v.amount, method: methodName(t, v.method, v.methodName) }),
      t('paymentReceipt.seller', v.seller),
    ],
    action: { label: t('paymentReceipt.button'), link: v.link },
    outro: [t('paymentReceipt.outro')],
  }),
);
