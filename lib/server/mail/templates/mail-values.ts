import 'server-only';
import { z } from 'zod';

/** The member's name as they chose it; it is user input and only ever shown escaped. */
export const MailNameSchema = z.string().trim().min(1).max(100);

/** A link into the site; only web links, so a button can never run script. */
export const MailLinkSchema = z.url({ protocol: /^https?$/ });
