import { z } from 'zod';
import { MemberIdSchema } from './ids';
import { MemberCardSchema, VerifiedOnlySchema } from './members';
import { SWIPE_ACTIONS } from '../values/swipe';

export * from '../values/swipe';

const LikesLeftSchema = z
  .number()
  .int()
  .min(0)
  .nullable()
  .meta({ description: 'Swipe likes left today; null when unlimited (premium members)' });

const ResetsAtSchema = z.iso
  .datetime()
  .meta({ description: 'When the daily likes start again: midnight in the member’s country' });

/** Query of `GET /api/swipe.php`: `verified=1` deals photo-verified members only. */
export const SwipeStackQuerySchema = z.object({ verified: VerifiedOnlySchema.optional() }).strict();

/** Answer of `GET /api/swipe.php`: the next cards of the viewer's stack and today's likes. */
export const SwipeStackSchema = z.object({
  profiles: z.array(MemberCardSchema),
  likes_left: LikesLeftSchema,
  resets_at: ResetsAtSchema,
});
export type SwipeStack = z.infer<typeof SwipeStackSchema>;

/** Body of `POST /api/swipe.php`: like or pass the member on top of the stack. */
export const SwipeRequestSchema = z
  .object({ member: MemberIdSchema, action: z.enum(SWIPE_ACTIONS) })
  .strict();
export type SwipeRequest = z.infer<typeof SwipeRequestSchema>;

/** Answer of `POST /api/swipe.php`. */
export const SwipeResponseSchema = z.object({
  match: z.boolean().meta({ description: 'The like made a match (always false for a pass)' }),
  likes_left: LikesLeftSchema,
  resets_at: ResetsAtSchema,
});
export type SwipeResponse = z.infer<typeof SwipeResponseSchema>;
