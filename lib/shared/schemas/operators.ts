import { z } from 'zod';

/** What an operator of the console may do: everything, moderation, or customer service. */
export const OPERATOR_ROLE_NAMES = ['admin', 'moderator', 'support'] as const;

/** An operator of the console, as the operator API shows them. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLE_NAMES),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorLoginSchema = z
  .object({ email: z.email().max(320), password: z.string().min(1).max(128) })
  .strict();
