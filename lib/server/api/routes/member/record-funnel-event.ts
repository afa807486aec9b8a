// POST /api/funnel.php: the browser reports a visitor's signup start to the acquisition funnel
import { cleanTracking } from '@/lib/shared/attribution';
import { FunnelEventInputSchema } from '@/lib/shared/schemas/funnel';
import { recordFunnelEvent } from '../../../landers/funnel';
import { requestAttribution } from '../../attribution-cookies';
import { defineRoute } from '../../kit/define-route';

export const recordFunnelEventRoute = defineRoute('POST /api/funnel.php', {
  access: 'visitor',
  summary: 'Signup started (acquisition funnel)',
  body: FunnelEventInputSchema,
  response: { status: 204, description: 'Recorded' },
  rateLimit: { name: 'funnel-events', limit: 20, windowSeconds: 3_600, per: 'address', store: 'memory' },
  handler: async ({ body, viewer, c }) => {
    // A logged-in member starts no signup.
    if (viewer) return;
    // As the signup does: the source the browser sends, else the stored one.
    const stored = requestAttribution(c);
    const sent = cleanTracking(body.tracking);
    await recordFunnelEvent({
      kind: body.kind,
      lander: stored.lander?.lander,
      slug: stored.lander?.slug,
      tracking: sent ?? stored.tracking,
    });
  },
});
